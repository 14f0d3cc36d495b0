import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as E from 'fp-ts/Either';
import { MongoClient } from 'mongodb';
import pino from 'pino';
import { openApiDocumentOf } from '../src/adapters/http/shared/base-app';
import { compose } from '../src/composition-root';
import { loadConfig } from '../src/config';

/**
 * Writes the two OpenAPI documents the real apps serve (CONTRACT 9.1) to a directory, for Spectral
 * (`npm run lint`). The documents are built from the routers the composition mounts, which does no
 * I/O: the MongoDB client is never connected. Nothing written here is committed.
 *
 * Usage: tsx scripts/openapi-documents.ts [directory]   (default: .openapi)
 */
function main(): void {
  const directory = resolve(process.argv[2] ?? '.openapi');
  const secret = 'documents-only-secret-never-used-to-sign-anything';
  const loaded = loadConfig({ SALES_JWT_SECRET: secret, HUB_JWT_SECRET: `${secret}-hub`, LOG_LEVEL: 'silent' });
  if (E.isLeft(loaded)) throw new Error(loaded.left.problem);
  const client = new MongoClient('mongodb://127.0.0.1:9/documents-only');
  const logger = pino({ level: 'silent' });
  const { http } = compose(loaded.right.config, { db: client.db(), redis: undefined, logger });
  mkdirSync(directory, { recursive: true });
  for (const [name, app] of Object.entries(http)) {
    const document = openApiDocumentOf(app);
    if (document === undefined) throw new Error(`the ${name} app has no document`);
    writeFileSync(join(directory, `${name}.openapi.json`), `${JSON.stringify(document, null, 2)}\n`);
  }
}

main();
// Nothing is left to wait for: the composition's buffers and timers are not needed here.
process.exit(0);
