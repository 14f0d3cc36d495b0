import { expect } from 'chai';
import path from 'node:path';
import { importsOf, sourceFiles, type SourceFile } from './layering.test';

/**
 * The CLI is an inbound adapter (ARCHITECTURE 11): it receives use cases and ports from the
 * composition, never a database handle. No file of `src/cli` imports `src/adapters/mongo` or the
 * driver; index setup, retention and the embedded server are bound in the composition and the runtime.
 */
const SRC = path.resolve(__dirname, '../../src');
const CLI = path.join(SRC, 'cli');
const MONGO_ADAPTERS = path.join(SRC, 'adapters', 'mongo');

export function cliDatabaseImports(files: readonly SourceFile[]): string[] {
  const violations: string[] = [];
  for (const { file, text } of files) {
    for (const specifier of importsOf(text)) {
      const absolute = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : undefined;
      const mongoAdapter = absolute !== undefined && !path.relative(MONGO_ADAPTERS, absolute).startsWith('..');
      if (mongoAdapter || specifier === 'mongodb') violations.push(`${path.relative(SRC, file)} imports ${specifier}`);
    }
  }
  return violations;
}

describe('the CLI reaches the database only through the composition', () => {
  it('no file of src/cli imports src/adapters/mongo or the mongodb driver', () => {
    const files = sourceFiles(CLI);
    expect(cliDatabaseImports(files)).to.deep.equal([]);
  });

  describe('the checker', () => {
    const at = (relative: string, text: string): SourceFile => ({ file: path.join(SRC, relative), text });

    it('flags a Mongo adapter or the driver, in a command or a nested folder, and nothing else', () => {
      const violations = cliDatabaseImports([
        at('cli/x-command.ts', "import { ensureIndexes } from '../adapters/mongo/shared/collection-indexes';"),
        at('cli/y-command.ts', "import type { Db } from 'mongodb';"),
        at(
          'cli/schedule/z.ts',
          "import { takeMaintenanceLease } from '../../adapters/mongo/shared/maintenance-lease';",
        ),
        at(
          'cli/fine.ts',
          "import type { Logger } from '../adapters/system/logger';\nimport { withRuntime } from './cli-context';\n" +
            "import type { Command } from 'commander';\nimport { x } from '../adapters/mongodb-free/y';",
        ),
      ]);
      expect(violations).to.deep.equal([
        'cli/x-command.ts imports ../adapters/mongo/shared/collection-indexes',
        'cli/y-command.ts imports mongodb',
        'cli/schedule/z.ts imports ../../adapters/mongo/shared/maintenance-lease',
      ]);
    });
  });
});
