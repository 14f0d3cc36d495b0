import { HubAccessTokens } from '../../../../src/adapters/http/hub/hub-access-tokens';
import { Hs256Jwt } from '../../../../src/adapters/crypto/hs256-jwt';
import { accessTokenIssuerContract } from '../../../support/contracts/access-token-issuer-contract';
import { FakeAccessTokenIssuer } from '../../../support/fakes/fake-access-token-issuer';

describe('AccessTokenIssuer contract', () => {
  describe('the fake', () => {
    accessTokenIssuerContract(() => new FakeAccessTokenIssuer());
  });

  describe('HubAccessTokens (HS256 JWT)', () => {
    accessTokenIssuerContract(() => new HubAccessTokens(new Hs256Jwt('hub-contract-secret-0123456789-abcdefghij')));
  });
});
