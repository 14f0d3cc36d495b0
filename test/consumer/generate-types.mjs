// Writes `<name>.d.ts` for each `<name>.json` OpenAPI document named on the command line, with
// openapi-typescript's Node API, as a consumer of the API would generate them.
// Usage: node test/consumer/generate-types.mjs <output directory> <document.json>...
import { register } from 'node:module';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

register('./typescript5-hooks.mjs', import.meta.url);
// Imported after the hook is registered, so its `typescript` import resolves to TypeScript 5.
const { default: openapiTS, astToString } = await import('openapi-typescript');

const [directory, ...documents] = process.argv.slice(2);
for (const document of documents) {
  const ast = await openapiTS(JSON.parse(await readFile(document, 'utf8')));
  await writeFile(join(directory, `${basename(document, '.json')}.d.ts`), astToString(ast));
}
