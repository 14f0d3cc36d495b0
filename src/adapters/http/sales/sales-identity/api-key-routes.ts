import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { CreateApiKey } from '../../../../application/sales-identity/create-api-key';
import type { ListApiKeys } from '../../../../application/sales-identity/list-api-keys';
import type { RevokeApiKey } from '../../../../application/sales-identity/revoke-api-key';
import { documented } from '../../shared/openapi/documented-router';
import { IsoTimestamp } from '../../shared/openapi/json-schema';
import { EmailText } from '../../shared/decoding/codecs';
import { decodeInput } from '../decode-input';
import { accessTokenGuard, type GuardDeps } from '../guards';
import { requireIdentity } from '../request-identity';
import { salesHttpError } from '../sales-error-mapping';
import { salesError, SALES_SECURITY } from '../sales-openapi';

export interface ApiKeyRoutesDeps {
  readonly guards: GuardDeps;
  readonly createApiKey: CreateApiKey;
  readonly listApiKeys: ListApiKeys;
  readonly revokeApiKey: RevokeApiKey;
}

const CreateApiKeyBody = t.exact(t.type({ email: EmailText }));

const KeyOwner = t.type({ id: t.string, email: t.string });
const CreatedApiKey = t.type({ id: t.string, key: t.string, user: KeyOwner });
const ApiKeyList = t.type({
  data: t.array(
    t.intersection([
      t.type({ id: t.string, user: KeyOwner, createdAt: IsoTimestamp }),
      t.partial({ revokedAt: IsoTimestamp }),
    ]),
  ),
});
const RevokedApiKey = t.type({ message: t.literal('API key revoked'), id: t.string, revokedAt: IsoTimestamp });

/** Spec part 5 rule 9 and CONTRACT 3.1; a JWT is required (an API key cannot mint or revoke keys). */
export function apiKeyRoutes(deps: ApiKeyRoutesDeps): Router {
  const router = new Router({ prefix: '/api-keys' });
  const api = documented(router, { tag: 'API keys', security: SALES_SECURITY.jwt });
  const guard = accessTokenGuard(deps.guards);

  const createSpec = {
    summary: 'Creates an API key for a user (the key is shown only here)',
    body: CreateApiKeyBody,
    responses: {
      201: { description: 'Created', body: CreatedApiKey },
      403: salesError('A non-admin asking for another user'),
      404: salesError('`User not found`'),
    },
  };
  api.post('/', createSpec, guard, async (ctx) => {
    const body = decodeInput(CreateApiKeyBody, ctx.request.body);
    const result = await deps.createApiKey.execute({ actor: requireIdentity(ctx), email: body.email });
    if (E.isLeft(result)) throw salesHttpError(result.left);
    ctx.status = 201;
    ctx.body = result.right;
  });

  const listSpec = {
    summary: 'API keys: your own, or every key for an admin',
    responses: { 200: { description: 'The keys', body: ApiKeyList } },
  };
  api.get('/', listSpec, guard, async (ctx) => {
    const result = await deps.listApiKeys.execute({ actor: requireIdentity(ctx) });
    ctx.body = { data: E.isRight(result) ? result.right : [] };
  });

  const revokeSpec = {
    summary: 'Revokes an API key',
    pathParameters: { id: 'The key id' },
    responses: {
      200: { description: 'Revoked', body: RevokedApiKey },
      403: salesError("Another user's key (non-admin)"),
      404: salesError('`API key not found`'),
    },
  };
  api.delete('/:id', revokeSpec, guard, async (ctx) => {
    const result = await deps.revokeApiKey.execute({ actor: requireIdentity(ctx), id: ctx.params.id ?? '' });
    if (E.isLeft(result)) throw salesHttpError(result.left);
    ctx.body = { message: 'API key revoked', id: result.right.id, revokedAt: result.right.revokedAt };
  });

  return router;
}
