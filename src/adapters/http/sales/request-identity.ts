import type { Context } from 'koa';
import type { SalesIdentity } from '../../../domain/sales-identity/sales-user';
import { HttpError } from '../shared/errors/http-error';

/** Guards put the caller's identity on `ctx.state.identity`; handlers and the event log read it here. */
export function setIdentity(ctx: Context, identity: SalesIdentity): void {
  ctx.state.identity = identity;
}

/**
 * For the auth routes, which run without a guard: the user a successful login, refresh, logout or
 * password reset acted for. Only the event log reads it (the entry carries the user id and so goes
 * to the buffer of authenticated entries, CONTRACT 9.5); it grants nothing.
 */
export function setAuditedUser(ctx: Context, userId: string): void {
  ctx.state.auditedUserId = userId;
}

export function auditedUserId(ctx: Context): string | undefined {
  return ctx.state.auditedUserId as string | undefined;
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
