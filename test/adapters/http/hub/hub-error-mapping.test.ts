import { expect } from 'chai';
import { hubErrorOutcome } from '../../../../src/adapters/http/hub/hub-error-body';
import { hubHttpError, type HubUseCaseError } from '../../../../src/adapters/http/hub/hub-error-mapping';
import { classifyError } from '../../../../src/adapters/http/shared/errors/classify-error';

/** What a client receives for each expected failure of a hub use case (spec parts 4 and 7, CONTRACT 5.2/7). */
const EXPECTED: ReadonlyArray<readonly [HubUseCaseError, number, object]> = [
  [{ _tag: 'InvalidCredentials' }, 401, { error: 'Invalid credentials' }],
  [{ _tag: 'NoMembership' }, 403, { error: 'User has no organization membership' }],
  [{ _tag: 'UnknownRefreshToken' }, 401, { error: 'Invalid or reused refresh token' }],
  [{ _tag: 'RefreshTokenReused' }, 401, { error: 'Invalid or reused refresh token' }],
  [{ _tag: 'RefreshTokenInGrace' }, 401, { error: 'Invalid or reused refresh token' }],
  [{ _tag: 'RefreshTokenExpired' }, 401, { error: 'Invalid or reused refresh token' }],
  [{ _tag: 'AccountGone' }, 401, { error: 'Invalid or expired token' }],
  [{ _tag: 'EmailTaken' }, 409, { error: 'Email already registered' }],
  [{ _tag: 'SlugTaken', slug: 'acme' }, 409, { error: 'Slug already taken' }],
  [{ _tag: 'InvalidResetToken' }, 401, { error: 'Invalid or expired reset token' }],
  [{ _tag: 'ResetTokenUsed' }, 401, { error: 'Reset link already used' }],
  [{ _tag: 'OrganizationNotFound' }, 404, { error: 'Not found' }],
  [{ _tag: 'ChannelNameTaken' }, 409, { error: 'Name already exists' }],
  [{ _tag: 'PipelineExists' }, 409, { error: 'Pipeline already exists for this provider + externalId' }],
  [{ _tag: 'LeadNotFound' }, 404, { error: 'Lead not found' }],
  [{ _tag: 'NoCrmCredentials' }, 502, { error: 'No credential set found for provider' }],
  [{ _tag: 'ProviderFetchFailed', reason: 'timeout' }, 502, { error: 'Provider fetch failed' }],
  [
    { _tag: 'UnknownPipe' },
    400,
    {
      error: 'Validation error',
      details: { 'data.card.pipe.id': ['data.card.pipe.id is required for a card this organization has not seen'] },
    },
  ],
];

describe('hubHttpError (the one mapping of hub use-case errors)', () => {
  for (const [error, status, body] of EXPECTED) {
    it(`${error._tag} -> ${status} ${JSON.stringify(body)}`, () => {
      const outcome = hubErrorOutcome(classifyError(hubHttpError(error)));
      expect(outcome.status).to.equal(status);
      expect(outcome.body).to.deep.equal(body);
      expect(outcome.headers).to.deep.equal({});
    });
  }

  it('never puts a detail of the failure (a provider reason) into the answer', () => {
    const outcome = hubErrorOutcome(
      classifyError(hubHttpError({ _tag: 'ProviderFetchFailed', reason: 'secret-token-in-url' })),
    );
    expect(JSON.stringify(outcome.body)).not.to.contain('secret-token-in-url');
  });
});
