import { randomBytes } from 'node:crypto';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import {
  collectionName,
  hostname,
  integer,
  metricsToken,
  nonEmpty,
  oneOf,
  originList,
  secret,
  url,
  variable,
  webhookSecret,
} from './config/checks';

/**
 * The process configuration (CONTRACT section 1), decoded once from the environment.
 * Every variable has its own codec so that a bad value is reported with the variable's name and
 * what is wrong with it, on one line, before anything listens.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
const NODE_ENVS = ['development', 'production', 'test'] as const;
export type NodeEnv = (typeof NODE_ENVS)[number];

/** CONTRACT 10.1: minutes between reconciling sweeps of the SDR read models when SDR_RECONCILE_MINUTES is unset. */
export const DEFAULT_SDR_RECONCILE_MINUTES = 60;

/** CONTRACT 9.4: days the API event log keeps an entry when EVENT_LOG_RETENTION_DAYS is unset. */
export const DEFAULT_EVENT_LOG_RETENTION_DAYS = 90;
/** The longest TTL MongoDB accepts (expireAfterSeconds up to 2^31 - 1), in whole days. */
export const MAX_EVENT_LOG_RETENTION_DAYS = 24_855;

/** Minimum HS256 key length: RFC 7518 3.2 asks for a key at least as long as the hash (256 bits). */
export const MIN_JWT_SECRET_BYTES = 32;
export { MIN_METRICS_TOKEN_BYTES } from './config/checks';

export interface Config {
  readonly nodeEnv: NodeEnv;
  readonly isProduction: boolean;
  readonly mongodbUri: string | undefined;
  readonly redisUrl: string | undefined;
  /** CONTRACT 8.1: the database of the messaging gateway's store; unset: the service's own database. */
  readonly gatewayMongodbUri: string | undefined;
  /** CONTRACT 8.1: the gateway's message collection. */
  readonly gatewayMessagesCollection: string;
  readonly host: string;
  readonly salesPort: number;
  readonly hubPort: number;
  readonly salesJwtSecret: string;
  readonly hubJwtSecret: string;
  readonly salesWebhookUrl: string | undefined;
  readonly salesWebhookSecret: string | undefined;
  readonly mcpInternalSecret: string | undefined;
  readonly cookieDomain: string | undefined;
  readonly trustProxy: number;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string | undefined;
  readonly publicAppUrl: string;
  readonly aiApiUrl: string | undefined;
  readonly aiApiKey: string | undefined;
  readonly aiModel: string | undefined;
  readonly logLevel: LogLevel;
  readonly dispatchIntervalSeconds: number | undefined;
  /** CONTRACT 10.1: minutes between reconciling sweeps of the SDR read models (default 60). */
  readonly sdrReconcileMinutes: number;
  /** Password hashes running at once (CONTRACT 9.5); unset: one fewer than the CPU cores, 1 to 2. */
  readonly passwordHashConcurrency: number | undefined;
  /** Password hashes waiting for a slot before a request answers 503 (CONTRACT 9.5); unset: 16. */
  readonly passwordHashQueue: number | undefined;
  /** CONTRACT 9.3: exact origins allowed to call the APIs from a browser with credentials. */
  readonly corsOrigins: readonly string[];
  /** Entries the API event log may hold before it drops new ones (CONTRACT 9.5). */
  readonly eventLogBufferSize: number;
  /** Days an API event-log entry is kept before the database removes it (CONTRACT 9.4, a TTL index). */
  readonly eventLogRetentionDays: number;
  /**
   * CONTRACT 9.2: the bearer token of `/metrics` and `/api/v1/metrics`; unset: open outside production, 404 in
   * production.
   */
  readonly metricsToken: string | undefined;
}

export interface ConfigError {
  readonly variable: string;
  readonly problem: string;
}

export interface LoadedConfig {
  readonly config: Config;
  /** At most one line: which secrets were generated because they were missing (outside production). */
  readonly warning: string | undefined;
}

type Env = Readonly<Record<string, string | undefined>>;
const EnvCodec = t.type({
  NODE_ENV: variable('NODE_ENV', oneOf(NODE_ENVS)),
  MONGODB_URI: variable('MONGODB_URI', url(['mongodb:', 'mongodb+srv:'])),
  REDIS_URL: variable('REDIS_URL', url(['redis:', 'rediss:'])),
  GATEWAY_MONGODB_URI: variable('GATEWAY_MONGODB_URI', url(['mongodb:', 'mongodb+srv:'])),
  GATEWAY_MESSAGES_COLLECTION: variable('GATEWAY_MESSAGES_COLLECTION', collectionName),
  HOST: variable('HOST', hostname),
  SALES_PORT: variable('SALES_PORT', integer(0, 65535)),
  HUB_PORT: variable('HUB_PORT', integer(0, 65535)),
  SALES_JWT_SECRET: variable('SALES_JWT_SECRET', secret(MIN_JWT_SECRET_BYTES)),
  HUB_JWT_SECRET: variable('HUB_JWT_SECRET', secret(MIN_JWT_SECRET_BYTES)),
  SALES_WEBHOOK_URL: variable('SALES_WEBHOOK_URL', url(['http:', 'https:'])),
  SALES_WEBHOOK_SECRET: variable('SALES_WEBHOOK_SECRET', webhookSecret),
  MCP_INTERNAL_SECRET: variable('MCP_INTERNAL_SECRET', nonEmpty),
  COOKIE_DOMAIN: variable('COOKIE_DOMAIN', hostname),
  TRUST_PROXY: variable('TRUST_PROXY', integer(0, 32)),
  SMTP_URL: variable('SMTP_URL', url(['smtp:', 'smtps:'])),
  MAIL_FROM: variable('MAIL_FROM', nonEmpty),
  PUBLIC_APP_URL: variable('PUBLIC_APP_URL', url(['http:', 'https:'])),
  AI_API_URL: variable('AI_API_URL', url(['http:', 'https:'])),
  AI_API_KEY: variable('AI_API_KEY', nonEmpty),
  AI_MODEL: variable('AI_MODEL', nonEmpty),
  LOG_LEVEL: variable('LOG_LEVEL', oneOf(LOG_LEVELS)),
  DISPATCH_INTERVAL_SECONDS: variable('DISPATCH_INTERVAL_SECONDS', integer(1, 86_400)),
  PASSWORD_HASH_CONCURRENCY: variable('PASSWORD_HASH_CONCURRENCY', integer(1, 64)),
  PASSWORD_HASH_QUEUE: variable('PASSWORD_HASH_QUEUE', integer(0, 10_000)),
  CORS_ORIGINS: variable('CORS_ORIGINS', originList),
  EVENT_LOG_BUFFER_SIZE: variable('EVENT_LOG_BUFFER_SIZE', integer(1, 1_000_000)),
  EVENT_LOG_RETENTION_DAYS: variable('EVENT_LOG_RETENTION_DAYS', integer(1, MAX_EVENT_LOG_RETENTION_DAYS)),
  SDR_RECONCILE_MINUTES: variable('SDR_RECONCILE_MINUTES', integer(1, 10_080)),
  METRICS_TOKEN: variable('METRICS_TOKEN', metricsToken),
});

function firstError(errors: t.Errors): ConfigError {
  const error = errors[0];
  const variableName = error?.context.find((entry) => entry.key !== '')?.key ?? 'environment';
  const value = error?.value;
  // Secrets are never echoed back, not even a wrong one.
  const shown = /SECRET|KEY|TOKEN|URI|URL/.test(variableName) ? '' : ` (got ${JSON.stringify(value)})`;
  return { variable: variableName, problem: `${error?.message ?? 'is invalid'}${shown}` };
}

export function formatConfigError(error: ConfigError): string {
  return `Invalid configuration: ${error.variable} ${error.problem}`;
}

const generatedSecret = (): string => randomBytes(48).toString('base64url');

export interface LoadOptions {
  /**
   * The JWT secrets sign and verify tokens, which only the HTTP services do (`serve`). The admin
   * commands never use them (CONTRACT 2), so they neither require them in production nor warn
   * about generated ones.
   */
  readonly needsJwtSecrets?: boolean;
}

type Decoded = t.TypeOf<typeof EnvCodec>;

export function loadConfig(env: Env, options: LoadOptions = {}): E.Either<ConfigError, LoadedConfig> {
  const needsJwtSecrets = options.needsJwtSecrets ?? true;
  const decoded = EnvCodec.decode(env);
  if (E.isLeft(decoded)) return E.left(firstError(decoded.left));
  const v = decoded.right;
  const nodeEnv = v.NODE_ENV ?? 'development';
  const isProduction = nodeEnv === 'production';

  const missingSecrets = needsJwtSecrets
    ? (['SALES_JWT_SECRET', 'HUB_JWT_SECRET'] as const).filter((name) => v[name] === undefined)
    : [];
  const secretsError = jwtSecretsError(v, missingSecrets, isProduction);
  if (secretsError !== undefined) return E.left(secretsError);
  const warning =
    missingSecrets.length > 0
      ? `${missingSecrets.join(' and ')} not set: using a random secret for this process only (tokens do not ` +
        'survive a restart; required in production)'
      : undefined;

  return E.right({ warning, config: configOf(v, nodeEnv, isProduction) });
}

function jwtSecretsError(
  v: Decoded,
  missingSecrets: readonly string[],
  isProduction: boolean,
): ConfigError | undefined {
  const missing = missingSecrets[0];
  if (isProduction && missing !== undefined) {
    return { variable: missing, problem: 'is required in production' };
  }
  // CONTRACT 11.1: one secret for both services would make each service's tokens verifiable by the
  // other; the iss/aud checks refuse them anyway, but a shared key is one leak away from both. Every
  // environment, and also for the commands that do not sign (the same file configures `serve`).
  if (v.SALES_JWT_SECRET !== undefined && v.SALES_JWT_SECRET === v.HUB_JWT_SECRET) {
    return { variable: 'SALES_JWT_SECRET', problem: 'must differ from HUB_JWT_SECRET (CONTRACT 11.1)' };
  }
  return undefined;
}

/** The decoded variables with their defaults; a missing JWT secret is generated for this process only. */
function configOf(v: Decoded, nodeEnv: NodeEnv, isProduction: boolean): Config {
  return {
    nodeEnv,
    isProduction,
    mongodbUri: v.MONGODB_URI,
    redisUrl: v.REDIS_URL,
    gatewayMongodbUri: v.GATEWAY_MONGODB_URI,
    gatewayMessagesCollection: v.GATEWAY_MESSAGES_COLLECTION ?? 'gateway_messages',
    host: v.HOST ?? '0.0.0.0',
    salesPort: v.SALES_PORT ?? 3000,
    hubPort: v.HUB_PORT ?? 3001,
    salesJwtSecret: v.SALES_JWT_SECRET ?? generatedSecret(),
    hubJwtSecret: v.HUB_JWT_SECRET ?? generatedSecret(),
    salesWebhookUrl: v.SALES_WEBHOOK_URL,
    salesWebhookSecret: v.SALES_WEBHOOK_SECRET,
    mcpInternalSecret: v.MCP_INTERNAL_SECRET,
    cookieDomain: v.COOKIE_DOMAIN,
    trustProxy: v.TRUST_PROXY ?? 0,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    publicAppUrl: v.PUBLIC_APP_URL ?? 'http://localhost:3000',
    aiApiUrl: v.AI_API_URL,
    aiApiKey: v.AI_API_KEY,
    aiModel: v.AI_MODEL,
    logLevel: v.LOG_LEVEL ?? 'info',
    dispatchIntervalSeconds: v.DISPATCH_INTERVAL_SECONDS,
    sdrReconcileMinutes: v.SDR_RECONCILE_MINUTES ?? DEFAULT_SDR_RECONCILE_MINUTES,
    passwordHashConcurrency: v.PASSWORD_HASH_CONCURRENCY,
    passwordHashQueue: v.PASSWORD_HASH_QUEUE,
    corsOrigins: v.CORS_ORIGINS ?? [],
    eventLogBufferSize: v.EVENT_LOG_BUFFER_SIZE ?? 10_000,
    eventLogRetentionDays: v.EVENT_LOG_RETENTION_DAYS ?? DEFAULT_EVENT_LOG_RETENTION_DAYS,
    metricsToken: v.METRICS_TOKEN,
  };
}
