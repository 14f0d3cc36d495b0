import type { Context } from 'koa';
import type { SalesIdentity } from '../../../domain/sales-identity/sales-user';
import { HttpError } from '../shared/http-error';

/** Guards put the caller's identity on `ctx.state.identity`; handlers and the event log read it here. */
export function setIdentity(ctx: Context, identity: SalesIdentity): void {
  ctx.state.identity = identity;
}

export function currentIdentity(ctx: Context): SalesIdentity | undefined {
  return ctx.state.identity as SalesIdentity | undefined;
}

/** For handlers mounted behind a guard: a missing identity is a wiring mistake, answered as 401. */
export function requireIdentity(ctx: Context): SalesIdentity {
  const identity = currentIdentity(ctx);
  if (identity === undefined) throw new HttpError(401, 'Unauthorized');
  return identity;
}
