import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { formatConfigError, loadConfig, type ConfigError, type LoadedConfig } from '../src/config';

const SECRET = 'x'.repeat(32);
/** A Standard Webhooks secret: `whsec_` and base64 of 32 random-looking bytes. */
const WHSEC = `whsec_${Buffer.from('0123456789abcdef0123456789ABCDEF').toString('base64')}`;

function ok(env: Record<string, string>): LoadedConfig {
  const result = loadConfig(env);
  if (E.isLeft(result)) throw new Error(`expected a config, got ${formatConfigError(result.left)}`);
  return result.right;
}

function bad(env: Record<string, string>): ConfigError {
  const result = loadConfig(env);
  if (E.isRight(result)) throw new Error('expected a configuration error');
  return result.left;
}

describe('loadConfig', () => {
  it('applies the defaults of CONTRACT section 1 to an empty environment', () => {
    const { config } = ok({});
    expect(config).to.include({
      nodeEnv: 'development',
      isProduction: false,
      host: '0.0.0.0',
      salesPort: 3000,
      hubPort: 3001,
      trustProxy: 0,
      publicAppUrl: 'http://localhost:3000',
      logLevel: 'info',
      mongodbUri: undefined,
      redisUrl: undefined,
      gatewayMongodbUri: undefined,
      gatewayMessagesCollection: 'gateway_messages',
      salesWebhookUrl: undefined,
      mcpInternalSecret: undefined,
      eventLogBufferSize: 10_000,
      eventLogRetentionDays: 90,
      metricsToken: undefined,
    });
  });

  it('decodes every variable it is given', () => {
    const { config, warning } = ok({
      NODE_ENV: 'production',
      MONGODB_URI: 'mongodb://db.internal:27017/brokerhub?replicaSet=rs0',
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      HOST: '127.0.0.1',
      SALES_PORT: '8080',
      HUB_PORT: '8081',
      SALES_JWT_SECRET: SECRET,
      HUB_JWT_SECRET: `${SECRET}y`,
      SALES_WEBHOOK_URL: 'https://downstream.example/hook',
      SALES_WEBHOOK_SECRET: WHSEC,
      MCP_INTERNAL_SECRET: 'internal-secret',
      COOKIE_DOMAIN: '.example.com.br',
      TRUST_PROXY: '2',
      SMTP_URL: 'smtp://mail.internal:2525',
      MAIL_FROM: 'brokerhub <no-reply@example.com>',
      PUBLIC_APP_URL: 'https://app.example.com',
      AI_API_URL: 'https://ai.example/v1',
      AI_API_KEY: 'k',
      AI_MODEL: 'm',
      LOG_LEVEL: 'warn',
      DISPATCH_INTERVAL_SECONDS: '300',
      PASSWORD_HASH_CONCURRENCY: '3',
      PASSWORD_HASH_QUEUE: '0',
      EVENT_LOG_BUFFER_SIZE: '500',
      EVENT_LOG_RETENTION_DAYS: '30',
      METRICS_TOKEN: 'scrape-token-0123456789',
      GATEWAY_MONGODB_URI: 'mongodb://gateway.internal:27017/evolution',
      GATEWAY_MESSAGES_COLLECTION: 'messages',
    });
    expect(warning).to.equal(undefined);
    expect(config).to.deep.include({
      isProduction: true,
      salesPort: 8080,
      hubPort: 8081,
      salesJwtSecret: SECRET,
      hubJwtSecret: `${SECRET}y`,
      trustProxy: 2,
      cookieDomain: '.example.com.br',
      logLevel: 'warn',
      dispatchIntervalSeconds: 300,
      passwordHashConcurrency: 3,
      passwordHashQueue: 0,
      eventLogBufferSize: 500,
      eventLogRetentionDays: 30,
      metricsToken: 'scrape-token-0123456789',
      redisUrl: 'redis://127.0.0.1:6379/2',
      gatewayMongodbUri: 'mongodb://gateway.internal:27017/evolution',
      gatewayMessagesCollection: 'messages',
    });
  });

  it('refuses a password-hashing concurrency of 0 and a negative queue (CONTRACT 9.5)', () => {
    expect(formatConfigError(bad({ PASSWORD_HASH_CONCURRENCY: '0' }))).to.equal(
      'Invalid configuration: PASSWORD_HASH_CONCURRENCY must be an integer from 1 to 64 (got "0")',
    );
    expect(bad({ PASSWORD_HASH_QUEUE: '-1' }).variable).to.equal('PASSWORD_HASH_QUEUE');
  });

  it('EVENT_LOG_RETENTION_DAYS: whole days from 1 to the longest TTL MongoDB accepts (CONTRACT 9.4)', () => {
    expect(ok({ EVENT_LOG_RETENTION_DAYS: '1' }).config.eventLogRetentionDays).to.equal(1);
    expect(ok({ EVENT_LOG_RETENTION_DAYS: '24855' }).config.eventLogRetentionDays).to.equal(24_855);
    // The bound is expireAfterSeconds' limit (2^31 - 1 seconds): a longer period is refused here, not by the server.
    expect(24_855 * 86_400).to.be.at.most(2 ** 31 - 1);
    expect(24_856 * 86_400).to.be.greaterThan(2 ** 31 - 1);
    for (const value of ['0', '24856', '-5', '7.5', '30d']) {
      expect(formatConfigError(bad({ EVENT_LOG_RETENTION_DAYS: value })), value).to.equal(
        `Invalid configuration: EVENT_LOG_RETENTION_DAYS must be an integer from 1 to 24855 (got "${value}")`,
      );
    }
  });

  it(
    "SDR_RECONCILE_MINUTES: minutes between the SDR read models' reconciling sweeps, 60 by default, 1 to a week " +
      '(CONTRACT 10.1)',
    () => {
      expect(ok({}).config.sdrReconcileMinutes).to.equal(60);
      expect(ok({ SDR_RECONCILE_MINUTES: '5' }).config.sdrReconcileMinutes).to.equal(5);
      expect(ok({ SDR_RECONCILE_MINUTES: '10080' }).config.sdrReconcileMinutes).to.equal(10_080);
      for (const value of ['0', '10081', '1.5', 'hourly']) {
        expect(formatConfigError(bad({ SDR_RECONCILE_MINUTES: value })), value).to.equal(
          `Invalid configuration: SDR_RECONCILE_MINUTES must be an integer from 1 to 10080 (got "${value}")`,
        );
      }
    },
  );

  it('names the variable and the problem of a bad port, with the value', () => {
    const error = bad({ SALES_PORT: 'abc' });
    expect(error.variable).to.equal('SALES_PORT');
    expect(formatConfigError(error)).to.equal(
      'Invalid configuration: SALES_PORT must be an integer from 0 to 65535 (got "abc")',
    );
    expect(bad({ HUB_PORT: '70000' }).variable).to.equal('HUB_PORT');
    expect(bad({ TRUST_PROXY: '-1' }).variable).to.equal('TRUST_PROXY');
    expect(bad({ EVENT_LOG_BUFFER_SIZE: '0' }).variable).to.equal('EVENT_LOG_BUFFER_SIZE');
  });

  it(
    'CORS_ORIGINS: a comma-separated list of exact origins, none by default; anything else is one line naming ' + 'it',
    () => {
      expect(ok({}).config.corsOrigins).to.deep.equal([]);
      expect(ok({ CORS_ORIGINS: 'https://app.example.com, http://127.0.0.1:5173' }).config.corsOrigins).to.deep.equal([
        'https://app.example.com',
        'http://127.0.0.1:5173',
      ]);
      for (const value of [
        '*',
        'https://app.example.com/',
        'https://app.example.com/path',
        'app.example.com',
        'https://App.example.com',
        'https://app.example.com:443',
        'ftp://x.example.com',
        'null',
      ]) {
        const error = bad({ CORS_ORIGINS: `http://127.0.0.1:5173,${value}` });
        expect(error.variable, value).to.equal('CORS_ORIGINS');
        expect(formatConfigError(error)).to.match(
          /^Invalid configuration: CORS_ORIGINS must be a comma-separated list of origins like https:\/\/app\.example\.com .*\(got ".*"\)$/,
        );
        expect(formatConfigError(error)).to.not.contain('\n');
      }
    },
  );

  it('rejects an unknown NODE_ENV and LOG_LEVEL', () => {
    expect(formatConfigError(bad({ NODE_ENV: 'prod' }))).to.contain(
      'NODE_ENV must be one of development, production, test',
    );
    expect(bad({ LOG_LEVEL: 'verbose' }).variable).to.equal('LOG_LEVEL');
  });

  it('rejects URLs with the wrong scheme or shape', () => {
    expect(bad({ MONGODB_URI: 'postgres://x/y' }).variable).to.equal('MONGODB_URI');
    expect(bad({ REDIS_URL: 'not a url' }).variable).to.equal('REDIS_URL');
    expect(bad({ SALES_WEBHOOK_URL: 'ftp://x' }).variable).to.equal('SALES_WEBHOOK_URL');
    expect(bad({ SMTP_URL: 'http://mail' }).variable).to.equal('SMTP_URL');
    expect(bad({ GATEWAY_MONGODB_URI: 'http://x/y' }).variable).to.equal('GATEWAY_MONGODB_URI');
    expect(bad({ GATEWAY_MESSAGES_COLLECTION: 'system.users' }).variable).to.equal('GATEWAY_MESSAGES_COLLECTION');
    expect(bad({ GATEWAY_MESSAGES_COLLECTION: 'a$b' }).variable).to.equal('GATEWAY_MESSAGES_COLLECTION');
  });

  it(
    'SALES_WEBHOOK_SECRET: whsec_ and base64 of 24 to 64 bytes, or a raw value of 32 bytes or more (CONTRACT ' +
      '11.3)',
    () => {
      const whsec = (bytes: number) => `whsec_${Buffer.alloc(bytes, 7).toString('base64')}`;
      for (const accepted of [WHSEC, whsec(24), whsec(64), 'r'.repeat(32), 'a raw secret of at least 32 bytes!']) {
        expect(ok({ SALES_WEBHOOK_SECRET: accepted }).config.salesWebhookSecret, accepted).to.equal(accepted);
      }
      const refusals: readonly [string, string][] = [
        ['whsec_', 'followed by standard base64'],
        ['whsec_not*valid*base64!!', 'followed by standard base64'],
        [`whsec_${Buffer.alloc(32, 7).toString('base64url')}`, 'followed by standard base64'],
        [`whsec_${Buffer.alloc(32, 7).toString('base64').replace(/=+$/, '')}`, 'followed by standard base64'],
        [`${whsec(32)}\n`, 'followed by standard base64'],
        [whsec(23), 'must encode 24 to 64 bytes after whsec_ (got 23)'],
        [whsec(65), 'must encode 24 to 64 bytes after whsec_ (got 65)'],
        ['r'.repeat(31), 'or a raw value of at least 32 bytes'],
      ];
      for (const [value, problem] of refusals) {
        const line = formatConfigError(bad({ SALES_WEBHOOK_SECRET: value }));
        expect(line, value).to.match(/^Invalid configuration: SALES_WEBHOOK_SECRET must /);
        expect(line, value).to.contain(problem);
        // One line, and the secret itself is never echoed.
        expect(line, value).not.to.contain('\n');
        const hidden = value.startsWith('whsec_') ? value.slice('whsec_'.length) : value;
        if (hidden.length >= 8) expect(line, value).not.to.contain(hidden);
      }
    },
  );

  it('never echoes a secret or a connection string in the message', () => {
    const error = bad({ SALES_JWT_SECRET: 'short-secret-value' });
    expect(error.variable).to.equal('SALES_JWT_SECRET');
    expect(formatConfigError(error)).to.equal('Invalid configuration: SALES_JWT_SECRET must be at least 32 bytes long');
    expect(formatConfigError(bad({ MONGODB_URI: 'mongodb//user:pw@x' }))).not.to.contain('pw');
  });

  it('METRICS_TOKEN: at least 16 printable characters without spaces; a bad one is named, never echoed', () => {
    expect(ok({ METRICS_TOKEN: 'a'.repeat(16) }).config.metricsToken).to.equal('a'.repeat(16));
    for (const value of [
      'short-token-123',
      'has a space in the token',
      'tab\tseparated-token-value',
      'accentué-token-0123456789',
    ]) {
      const error = bad({ METRICS_TOKEN: value });
      expect(error.variable, value).to.equal('METRICS_TOKEN');
      expect(formatConfigError(error), value).not.to.contain(value);
    }
    expect(formatConfigError(bad({ METRICS_TOKEN: 'short-token-123' }))).to.equal(
      'Invalid configuration: METRICS_TOKEN must be at least 16 characters long',
    );
  });

  it('stops production without its JWT secrets', () => {
    expect(bad({ NODE_ENV: 'production' })).to.deep.equal({
      variable: 'SALES_JWT_SECRET',
      problem: 'is required in production',
    });
    expect(bad({ NODE_ENV: 'production', SALES_JWT_SECRET: SECRET }).variable).to.equal('HUB_JWT_SECRET');
  });

  it('stops every environment when SALES_JWT_SECRET equals HUB_JWT_SECRET, naming both in one line', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      const error = bad({ NODE_ENV, SALES_JWT_SECRET: SECRET, HUB_JWT_SECRET: SECRET });
      expect(formatConfigError(error), NODE_ENV).to.equal(
        'Invalid configuration: SALES_JWT_SECRET must differ from HUB_JWT_SECRET (CONTRACT 11.1)',
      );
    }
    expect(ok({ SALES_JWT_SECRET: SECRET, HUB_JWT_SECRET: `${SECRET}y` }).config.salesJwtSecret).to.equal(SECRET);
  });

  it('generates distinct random secrets outside production, with one warning line', () => {
    const first = ok({});
    const second = ok({});
    expect(first.config.salesJwtSecret).to.have.length.greaterThanOrEqual(32);
    expect(first.config.salesJwtSecret).not.to.equal(first.config.hubJwtSecret);
    expect(first.config.salesJwtSecret).not.to.equal(second.config.salesJwtSecret);
    expect(first.warning).to.be.a('string').and.not.contain('\n');
    expect(first.warning).to.contain('SALES_JWT_SECRET and HUB_JWT_SECRET');
    expect(ok({ SALES_JWT_SECRET: SECRET }).warning).to.match(/^HUB_JWT_SECRET not set/);
  });

  it('treats an empty variable as unset', () => {
    expect(ok({ SALES_PORT: '', REDIS_URL: '' }).config).to.include({ salesPort: 3000, redisUrl: undefined });
  });
});
