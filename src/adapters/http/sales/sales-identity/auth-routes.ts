import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { Context } from 'koa';
import type { LoginSalesUser } from '../../../../application/sales-identity/login-sales-user';
import type { LogoutSalesUser } from '../../../../application/sales-identity/logout-sales-user';
import type { RefreshSalesSession } from '../../../../application/sales-identity/refresh-sales-session';
import type { RequestSalesPasswordReset } from '../../../../application/sales-identity/request-sales-password-reset';
import type { ResetSalesPassword } from '../../../../application/sales-identity/reset-sales-password';
import type { Clock } from '../../../../application/shared/ports';
import type { Logger } from '../../../system/logger';
import { needsCapacity, type Capacity } from '../../shared/admission';
import { documented } from '../../shared/openapi/documented-router';
import { cookieValue, REFRESH_TOKEN_COOKIE } from '../credentials';
import { boundedText, EmailText, SecretText, TEXT_LIMITS } from '../../shared/decoding/codecs';
import { decodeInput } from '../decode-input';
import { setAuditedUser } from '../request-identity';
import { salesHttpError } from '../sales-error-mapping';
import { salesError, SALES_SECURITY } from '../sales-openapi';
import { clearSessionCookies, setAccessCookie, setRefreshCookie, type CookieSettings } from './session-cookies';

export interface AuthRoutesDeps {
  readonly logIn: LoginSalesUser;
  readonly refreshSession: RefreshSalesSession;
  readonly logOut: LogoutSalesUser;
  readonly requestPasswordReset: RequestSalesPasswordReset;
  readonly resetPassword: ResetSalesPassword;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly cookies: CookieSettings;
  /** Password hashing: its routes are refused before any work when it is saturated. */
  readonly hashing: Capacity;
}

// Exact codecs: unknown keys are stripped, and a non-string ({"$ne": null}) is a 400, never a query.
const LoginBody = t.exact(t.type({ email: EmailText, password: SecretText }));
const ForgotPasswordBody = t.exact(t.type({ email: EmailText }));
const ResetPasswordBody = t.exact(
  t.type({ token: SecretText, newPassword: boundedText({ maxLength: TEXT_LIMITS.secret }) }),
);

export const FORGOT_PASSWORD_MESSAGE = 'If the e-mail is registered, a reset link has been sent';

const message = <M extends string>(text: M) => t.type({ message: t.literal(text) });
const LoginAnswer = t.type({
  message: t.literal('Login successful'),
  user: t.type({ id: t.string, email: t.string, name: t.string }),
});
const SET_COOKIE = { 'Set-Cookie': { description: 'The session cookies: `access_token` and `refresh_token`' } };

const loginSpec = {
  summary: 'Log in: sets the access_token and refresh_token cookies',
  body: LoginBody,
  responses: {
    200: { description: 'Logged in', body: LoginAnswer, headers: SET_COOKIE },
    401: salesError('`Invalid credentials`'),
  },
};
const refreshSpec = {
  summary: 'A new access_token cookie from the refresh_token cookie',
  security: SALES_SECURITY.refreshCookie,
  responses: {
    200: { description: 'Refreshed', body: message('Token refreshed'), headers: SET_COOKIE },
    401: salesError('Absent, expired or revoked refresh token'),
  },
};
const logoutSpec = {
  summary: 'Log out: revokes the refresh token and clears both cookies (always 200)',
  responses: { 200: { description: 'Logged out', body: message('Logged out'), headers: SET_COOKIE } },
};
const forgotSpec = {
  summary: 'Mails a password reset link (the same answer for any e-mail)',
  body: ForgotPasswordBody,
  responses: { 200: { description: 'Accepted', body: message(FORGOT_PASSWORD_MESSAGE) } },
};
const resetSpec = {
  summary: 'Sets a new password with a reset token',
  body: ResetPasswordBody,
  responses: {
    200: { description: 'Password updated', body: message('Password updated') },
    401: salesError('`Token inválido ou expirado` or `Este link já foi utilizado`'),
  },
};

/** Always the same answer; the reset mail is sent after it. */
const forgotPassword =
  (deps: AuthRoutesDeps) =>
  (ctx: Context): void => {
    const body = decodeInput(ForgotPasswordBody, ctx.request.body);
    // The work (lookup, token, SMTP) happens after the answer: a registered and an unknown e-mail get
    // the same answer in the same time, and a mail failure cannot reveal that the account exists.
    deps.requestPasswordReset
      .execute(body)
      .catch((error: unknown) => deps.logger.error({ err: error }, 'password reset mail failed'));
    ctx.body = { message: FORGOT_PASSWORD_MESSAGE };
  };

/** Spec parts 4 and 5, CONTRACT 3.1. */
export function authRoutes(deps: AuthRoutesDeps): Router {
  const router = new Router({ prefix: '/auth' });
  const api = documented(router, { tag: 'Authentication', security: [] });

  const hashes = needsCapacity(deps.hashing);

  api.post('/login', loginSpec, hashes, async (ctx) => {
    const body = decodeInput(LoginBody, ctx.request.body);
    const result = await deps.logIn.execute(body);
    if (E.isLeft(result)) throw salesHttpError(result.left);
    setAuditedUser(ctx, result.right.user.id);
    const now = deps.clock.now();
    setAccessCookie(ctx, result.right.accessToken, now, deps.cookies);
    setRefreshCookie(ctx, result.right.refreshToken, now, deps.cookies);
    ctx.body = { message: 'Login successful', user: result.right.user } satisfies t.TypeOf<typeof LoginAnswer>;
  });

  api.post('/refresh', refreshSpec, async (ctx) => {
    const result = await deps.refreshSession.execute({ refreshToken: cookieValue(ctx, REFRESH_TOKEN_COOKIE) });
    if (E.isLeft(result)) throw salesHttpError(result.left);
    setAuditedUser(ctx, result.right.userId);
    setAccessCookie(ctx, result.right.accessToken, deps.clock.now(), deps.cookies);
    ctx.body = { message: 'Token refreshed' };
  });

  api.post('/logout', logoutSpec, async (ctx) => {
    const result = await deps.logOut.execute({ refreshToken: cookieValue(ctx, REFRESH_TOKEN_COOKIE) });
    if (E.isRight(result) && result.right.userId !== undefined) setAuditedUser(ctx, result.right.userId);
    clearSessionCookies(ctx, deps.clock.now(), deps.cookies);
    ctx.body = { message: 'Logged out' };
  });

  api.post('/forgot-password', forgotSpec, forgotPassword(deps));

  api.post('/reset-password', resetSpec, hashes, async (ctx) => {
    const body = decodeInput(ResetPasswordBody, ctx.request.body);
    const result = await deps.resetPassword.execute(body);
    if (E.isLeft(result)) throw salesHttpError(result.left);
    setAuditedUser(ctx, result.right.userId);
    ctx.body = { message: 'Password updated' };
  });

  return router;
}
