import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../../config';
import { currentTracing } from '../tracing/tracing-handle';

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
    // CONTRACT 13: lines written inside a traced request or command carry trace_id and span_id. Only
    // when tracing is on: without it no mixin runs per line.
    ...(currentTracing().logMixin === undefined ? {} : { mixin: currentTracing().logMixin }),
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
