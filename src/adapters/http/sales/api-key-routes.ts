import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { CreateApiKey } from '../../../application/sales-identity/create-api-key';
import type { ListApiKeys } from '../../../application/sales-identity/list-api-keys';
import type { RevokeApiKey } from '../../../application/sales-identity/revoke-api-key';
import { decodeInput, NonBlankString } from './decode-input';
import { accessTokenGuard, type GuardDeps } from './guards';
import { requireIdentity } from './request-identity';
import { salesHttpError } from './sales-error-mapping';

export interface ApiKeyRoutesDeps {
  readonly guards: GuardDeps;
  readonly createApiKey: CreateApiKey;
  readonly listApiKeys: ListApiKeys;
  readonly revokeApiKey: RevokeApiKey;
}

const CreateApiKeyBody = t.exact(t.type({ email: NonBlankString }));

/** Spec part 5 rule 9 and CONTRACT 3.1; a JWT is required (an API key cannot mint or revoke keys). */
export function apiKeyRoutes(deps: ApiKeyRoutesDeps): Router {
  const router = new Router({ prefix: '/api-keys' });
  const guard = accessTokenGuard(deps.guards);

  router.post('/', guard, async (ctx) => {
    const body = decodeInput(CreateApiKeyBody, ctx.request.body);
    const result = await deps.createApiKey.execute({ actor: requireIdentity(ctx), email: body.email });
    if (E.isLeft(result)) throw salesHttpError(result.left);
    ctx.status = 201;
    ctx.body = result.right;
  });

  router.get('/', guard, async (ctx) => {
    const result = await deps.listApiKeys.execute({ actor: requireIdentity(ctx) });
    ctx.body = { data: E.isRight(result) ? result.right : [] };
  });

  router.delete('/:id', guard, async (ctx) => {
    const result = await deps.revokeApiKey.execute({ actor: requireIdentity(ctx), id: ctx.params.id ?? '' });
    if (E.isLeft(result)) throw salesHttpError(result.left);
    ctx.body = { message: 'API key revoked', id: result.right.id, revokedAt: result.right.revokedAt };
  });

  return router;
}
