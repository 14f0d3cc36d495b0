import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../src/adapters/system/logger';
import type { LogLevel } from '../../src/config';

/** A real pino logger writing JSON lines into memory, so tests can read what was logged. */
export function memoryLogger(level: LogLevel = 'debug'): {
  logger: Logger;
  lines: () => Record<string, unknown>[];
  text: () => string;
} {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'));
      callback();
    },
  });
  const logger = createLogger(level, stream);
  const text = (): string => chunks.join('');
  return {
    logger,
    text,
    lines: () =>
      text()
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}
