import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../../config';

export type { Logger } from 'pino';

/**
 * Paths pino censors wherever they appear in a logged object: credentials in headers, and passwords
 * and tokens in bodies. Request logs carry no headers or bodies at all; this is the second line.
 */
export const REDACTED_PATHS = [
  '*.authorization',
  '*.cookie',
  '*["set-cookie"]',
  '*["x-api-key"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  '*.headers["x-api-key"]',
  'password',
  'newPassword',
  'token',
  'accessToken',
  'refreshToken',
  'apiKey',
  'secret',
  '*.password',
  '*.newPassword',
  '*.passwordHash',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.apiKey',
  '*.key',
  '*.secret',
];

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { app: 'brokerhub' },
    redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
