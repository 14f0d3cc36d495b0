import Router from '@koa/router';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import type { Context } from 'koa';
import type { GetHubMe } from '../../../../application/hub-identity/get-hub-me';
import type { LoginHubUser } from '../../../../application/hub-identity/login-hub-user';
import type { RegisterHubUser } from '../../../../application/hub-identity/register-hub-user';
import type { RequestHubPasswordReset } from '../../../../application/hub-identity/request-hub-password-reset';
import type { ResetHubPassword } from '../../../../application/hub-identity/reset-hub-password';
import type { RevokeHubSessions } from '../../../../application/hub-identity/revoke-hub-sessions';
import type { RotateRefreshToken } from '../../../../application/hub-identity/rotate-refresh-token';
import type { HubSession } from '../../../../application/hub-identity/session-issuer';
import type { Clock } from '../../../../application/shared/ports';
import { parseEmail } from '../../../../domain/hub-identity/email';
import { HttpError } from '../../shared/errors/http-error';
import { documented } from '../../shared/openapi/documented-router';
import { Integer } from '../../shared/openapi/json-schema';
import { accessTokenGuard, hubAuthOf } from '../access-token-guard';
import { HUB_PREFIX } from '../hub-prefix';
import type { HubAccessTokens } from '../hub-access-tokens';
import { hubHttpError } from '../hub-error-mapping';
import { needsCapacity, type Capacity } from '../../shared/admission';
import { TEXT_LIMITS } from '../../shared/decoding/codecs';
import { decodeBody, decodeBodyFirstMessage, emailField, passwordField, rawTextField, textField } from '../hub-codecs';
import { hubError, HUB_SECURITY } from '../hub-openapi';
import { clearRefreshCookie, refreshCookieOf, setRefreshCookie } from '../refresh-cookie';

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
  /** Password hashing: its routes are refused before any work when it is saturated. */
  readonly hashing: Capacity;
}

const LoginBody = t.exact(
  t.type({ email: emailField, password: passwordField('password', 8, TEXT_LIMITS.loginSecret) }),
);
const RegisterBody = t.exact(
  t.type({
    email: emailField,
    password: passwordField('password'),
    name: textField('name'),
    organizationName: textField('organizationName'),
  }),
);
const ForgotBody = t.exact(t.type({ email: rawTextField('email', TEXT_LIMITS.email) }));
const ResetBody = t.exact(t.type({ newPassword: passwordField('newPassword') }));
/** The reset body as sent: the token is checked by hand first (its own 400, `Token is required`). */
const ResetRequest = t.exact(
  t.type({ token: rawTextField('token', TEXT_LIMITS.secret), newPassword: passwordField('newPassword') }),
);

const UserView = t.type({ id: t.string, email: t.string, name: t.string, language: t.string });
const OrgView = t.type({ id: t.string, name: t.string, role: t.string });
const SessionView = t.type({ accessToken: t.string, expiresAt: Integer, user: UserView, org: OrgView });
const RefreshedView = t.type({ accessToken: t.string, expiresAt: Integer });
const MeView = t.type({ user: UserView, org: OrgView, permissions: t.readonlyArray(t.string) });
const message = <M extends string>(text: M) => t.type({ message: t.literal(text) });
const REFRESH_COOKIE_HEADER = { 'Set-Cookie': { description: 'The refresh_token cookie (Path=/api/v1/auth/refresh)' } };
const NO_MEMBERSHIP = hubError('`User has no organization membership`');

const loginSpec = {
  summary: 'Log in: an access token, and the refresh token as a cookie',
  body: LoginBody,
  responses: {
    200: { description: 'A session', body: SessionView, headers: REFRESH_COOKIE_HEADER },
    400: hubError('`{error: <first problem>}` (no details on this route)'),
    401: hubError('`Invalid credentials`'),
    403: NO_MEMBERSHIP,
  },
};
const refreshSpec = {
  summary: 'Rotates the refresh token: a new access token and cookie',
  security: HUB_SECURITY.refreshCookie,
  responses: {
    200: { description: 'A new access token', body: RefreshedView, headers: REFRESH_COOKIE_HEADER },
    401: {
      ...hubError('`No refresh token` or `Invalid or reused refresh token` (the cookie is deleted)'),
      headers: REFRESH_COOKIE_HEADER,
    },
    403: NO_MEMBERSHIP,
  },
};
const logoutSpec = {
  summary: 'Log out: revokes every refresh token of the user',
  security: HUB_SECURITY.accessToken,
  responses: { 200: { description: 'Logged out', body: message('Logged out'), headers: REFRESH_COOKIE_HEADER } },
};
const meSpec = {
  summary: 'The user, organization and permissions of the access token',
  security: HUB_SECURITY.accessToken,
  responses: { 200: { description: 'Who you are', body: MeView } },
};
const registerSpec = {
  summary: 'Creates a user and an organization, and logs in',
  body: RegisterBody,
  responses: {
    201: { description: 'A session', body: SessionView, headers: REFRESH_COOKIE_HEADER },
    409: hubError('`Email already registered`'),
  },
};
const forgotSpec = {
  summary: 'Mails a password reset link (the same answer for any e-mail)',
  body: ForgotBody,
  responses: {
    200: { description: 'Accepted', body: message('If the e-mail is registered, a reset link has been sent') },
  },
};
const resetSpec = {
  summary: 'Sets a new password with a reset token',
  body: ResetRequest,
  responses: {
    200: { description: 'Password updated', body: message('Password updated') },
    400: hubError('`Token is required`, or `Validation error` with `details`'),
    401: hubError('`Invalid or expired reset token` or `Reset link already used`'),
  },
};

type Api = ReturnType<typeof documented>;
type Guard = ReturnType<typeof accessTokenGuard>;

const answerSession = (deps: AuthRoutesDeps, ctx: Context, status: number, session: HubSession): void => {
  setRefreshCookie(ctx, session.refreshToken, deps.secureCookies, deps.clock.now());
  ctx.status = status;
  ctx.body = {
    accessToken: session.accessToken,
    expiresAt: session.expiresAt,
    user: session.user,
    org: session.org,
  } satisfies t.TypeOf<typeof SessionView>;
};

/** Spec part 4 and CONTRACT 5.2/7: the /auth routes of the hub. */
export function authRoutes(deps: AuthRoutesDeps): Router {
  const router = new Router({ prefix: `${HUB_PREFIX}/auth` });
  const api = documented(router, { tag: 'Authentication', security: [] });
  const guard = accessTokenGuard(deps.accessTokens, deps.clock);
  registerSessionRoutes(api, deps, guard);
  registerAccountRoutes(api, deps);
  return router;
}

/** Login, refresh, logout and me, in this order (the order of the document). */
function registerSessionRoutes(api: Api, deps: AuthRoutesDeps, guard: Guard): void {
  api.post('/login', loginSpec, needsCapacity(deps.hashing), async (ctx) => {
    const body = decodeBodyFirstMessage(LoginBody, ctx.request.body);
    const result = await deps.login.execute(body);
    if (E.isLeft(result)) throw hubHttpError(result.left);
    answerSession(deps, ctx, 200, result.right);
  });

  api.post('/refresh', refreshSpec, async (ctx) => {
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
    setRefreshCookie(ctx, result.right.refreshToken, deps.secureCookies, deps.clock.now());
    ctx.body = { accessToken: result.right.accessToken, expiresAt: result.right.expiresAt } satisfies t.TypeOf<
      typeof RefreshedView
    >;
  });

  api.post('/logout', logoutSpec, guard, async (ctx) => {
    await deps.logout.execute({ userId: hubAuthOf(ctx).userId });
    clearRefreshCookie(ctx, deps.secureCookies);
    ctx.body = { message: 'Logged out' };
  });

  api.get('/me', meSpec, guard, async (ctx) => {
    const result = await deps.me.execute(hubAuthOf(ctx));
    if (E.isLeft(result)) throw hubHttpError(result.left);
    ctx.body = result.right satisfies t.TypeOf<typeof MeView>;
  });
}

/** Register, forgot-password and reset-password; hashing routes are refused first when it is saturated. */
function registerAccountRoutes(api: Api, deps: AuthRoutesDeps): void {
  const hashes = needsCapacity(deps.hashing);
  api.post('/register', registerSpec, hashes, async (ctx) => {
    const body = decodeBody(RegisterBody, ctx.request.body);
    const result = await deps.register.execute(body);
    if (E.isLeft(result)) throw hubHttpError(result.left);
    answerSession(deps, ctx, 201, result.right);
  });

  api.post('/forgot-password', forgotSpec, async (ctx) => {
    // Any string is accepted and answered alike; only an address that can belong to an account is looked up.
    const email = parseEmail(decodeBody(ForgotBody, ctx.request.body).email);
    if (email !== undefined) await deps.forgotPassword.execute({ email });
    ctx.body = { message: 'If the e-mail is registered, a reset link has been sent' };
  });

  api.post('/reset-password', resetSpec, hashes, async (ctx) => {
    const raw = ctx.request.body as Record<string, unknown> | undefined;
    const token = raw?.token;
    if (typeof token !== 'string' || token === '') throw new HttpError(400, 'Token is required');
    const { newPassword } = decodeBody(ResetBody, raw);
    const result = await deps.resetPassword.execute({ token, newPassword });
    if (E.isLeft(result)) throw hubHttpError(result.left);
    ctx.body = { message: 'Password updated' };
  });
}
