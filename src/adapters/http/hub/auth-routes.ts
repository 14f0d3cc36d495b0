import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { Context } from 'koa';
import type { GetHubMe } from '../../../application/hub-identity/get-hub-me';
import type { LoginHubUser } from '../../../application/hub-identity/login-hub-user';
import type { RegisterHubUser } from '../../../application/hub-identity/register-hub-user';
import type { RequestHubPasswordReset } from '../../../application/hub-identity/request-hub-password-reset';
import type { ResetHubPassword } from '../../../application/hub-identity/reset-hub-password';
import type { RevokeHubSessions } from '../../../application/hub-identity/revoke-hub-sessions';
import type { RotateRefreshToken } from '../../../application/hub-identity/rotate-refresh-token';
import type { HubSession } from '../../../application/hub-identity/session-issuer';
import type { Clock } from '../../../application/shared/ports';
import { parseEmail } from '../../../domain/hub-identity/email';
import { HttpError } from '../shared/http-error';
import { accessTokenGuard, hubAuthOf } from './access-token-guard';
import { HUB_PREFIX } from './hub-prefix';
import type { HubAccessTokens } from './hub-access-tokens';
import { hubHttpError } from './hub-error-mapping';
import { decodeBody, decodeBodyFirstMessage, emailField, field, passwordField, textField } from './hub-codecs';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from './refresh-cookie';

export interface AuthRoutesDeps {
  readonly login: LoginHubUser;
  readonly rotate: RotateRefreshToken;
  readonly logout: RevokeHubSessions;
  readonly me: GetHubMe;
  readonly register: RegisterHubUser;
  readonly forgotPassword: RequestHubPasswordReset;
  readonly resetPassword: ResetHubPassword;
  readonly accessTokens: HubAccessTokens;
  readonly clock: Clock;
  readonly secureCookies: boolean;
}

const LoginBody = t.exact(t.type({ email: emailField, password: passwordField('password') }));
const RegisterBody = t.exact(
  t.type({ email: emailField, password: passwordField('password'), name: textField('name'), organizationName: textField('organizationName') }),
);
const ForgotBody = t.exact(t.type({ email: field('email', (raw) => E.right(raw)) }));
const ResetBody = t.exact(t.type({ newPassword: passwordField('newPassword') }));

/** Spec part 4 and CONTRACT 5.2/7: the /auth routes of the hub. */
export function authRoutes(deps: AuthRoutesDeps): Router {
  const router = new Router({ prefix: `${HUB_PREFIX}/auth` });
  const guard = accessTokenGuard(deps.accessTokens, deps.clock);
  const answerSession = (ctx: Context, status: number, session: HubSession): void => {
    setRefreshCookie(ctx, session.refreshToken, deps.secureCookies);
    ctx.status = status;
    ctx.body = { accessToken: session.accessToken, expiresAt: session.expiresAt, user: session.user, org: session.org };
  };

  router.post('/login', async (ctx) => {
    const body = decodeBodyFirstMessage(LoginBody, ctx.request.body);
    const result = await deps.login.execute(body);
    if (E.isLeft(result)) throw hubHttpError(result.left);
    answerSession(ctx, 200, result.right);
  });

  router.post('/refresh', async (ctx) => {
    const refreshToken = refreshCookieOf(ctx);
    if (refreshToken === undefined) {
      // CONTRACT 7: every 401 of the refresh deletes the cookie (an empty one is as dead as a bad one).
      clearRefreshCookie(ctx, deps.secureCookies);
      throw new HttpError(401, 'No refresh token');
    }
    const result = await deps.rotate.execute({ refreshToken });
    if (E.isLeft(result)) {
      // The token is dead after any failure but one, and dropping the cookie stops the client from
      // retrying it (spec part 4 step 2). A racing tab in the grace interval (CONTRACT 5.3) keeps it:
      // the winner's response carries the new cookie, which this one must not clear.
      if (result.left._tag !== 'RefreshTokenInGrace') clearRefreshCookie(ctx, deps.secureCookies);
      throw hubHttpError(result.left);
    }
    setRefreshCookie(ctx, result.right.refreshToken, deps.secureCookies);
    ctx.body = { accessToken: result.right.accessToken, expiresAt: result.right.expiresAt };
  });

  router.post('/logout', guard, async (ctx) => {
    await deps.logout.execute({ userId: hubAuthOf(ctx).userId });
    clearRefreshCookie(ctx, deps.secureCookies);
    ctx.body = { message: 'Logged out' };
  });

  router.get('/me', guard, async (ctx) => {
    const result = await deps.me.execute(hubAuthOf(ctx));
    if (E.isLeft(result)) throw hubHttpError(result.left);
    ctx.body = result.right;
  });

  router.post('/register', async (ctx) => {
    const body = decodeBody(RegisterBody, ctx.request.body);
    const result = await deps.register.execute(body);
    if (E.isLeft(result)) throw hubHttpError(result.left);
    answerSession(ctx, 201, result.right);
  });

  router.post('/forgot-password', async (ctx) => {
    // Any string is accepted and answered alike; only an address that can belong to an account is looked up.
    const email = parseEmail(decodeBody(ForgotBody, ctx.request.body).email);
    if (email !== undefined) await deps.forgotPassword.execute({ email });
    ctx.body = { message: 'If the e-mail is registered, a reset link has been sent' };
  });

  router.post('/reset-password', async (ctx) => {
    const raw = ctx.request.body as Record<string, unknown> | undefined;
    const token = raw?.token;
    if (typeof token !== 'string' || token === '') throw new HttpError(400, 'Token is required');
    const { newPassword } = decodeBody(ResetBody, raw);
    const result = await deps.resetPassword.execute({ token, newPassword });
    if (E.isLeft(result)) throw hubHttpError(result.left);
    ctx.body = { message: 'Password updated' };
  });

  return router;
}
