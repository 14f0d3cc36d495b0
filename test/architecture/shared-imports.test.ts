import { expect } from 'chai';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { importsOf, sourceFiles, type SourceFile } from './layering.test';

/**
 * ARCHITECTURE 20: `shared` never imports a context. `src/application/shared` and `src/domain/shared`
 * serve every bounded context, so a context's data checks, ports or rules live in its own folder
 * (`application/<context>/data-checks/`) and shared code stays free of a folder loop.
 */
const SRC = path.resolve(__dirname, '../../src');
const LAYERS = ['application', 'domain'];

/** `application/sdr` for a file under `src/application/sdr/`; `application/shared` for shared code. */
function folderOf(absolute: string): string | undefined {
  const [layer, folder, ...rest] = path.relative(SRC, absolute).split(path.sep);
  return layer !== undefined && LAYERS.includes(layer) && folder !== undefined && rest.length > 0
    ? `${layer}/${folder}`
    : undefined;
}

export function sharedImportsOfContexts(files: readonly SourceFile[]): string[] {
  const violations: string[] = [];
  for (const { file, text } of files) {
    const own = folderOf(file);
    if (own === undefined || !own.endsWith('/shared')) continue;
    for (const specifier of importsOf(text).filter((s) => s.startsWith('.'))) {
      const target = folderOf(path.resolve(path.dirname(file), specifier));
      if (target !== undefined && !target.endsWith('/shared'))
        violations.push(`${path.relative(SRC, file)} imports ${specifier} (${target})`);
    }
  }
  return violations;
}

const contextFolders = (layer: string): string[] =>
  readdirSync(path.join(SRC, layer)).filter(
    (name) => name !== 'shared' && statSync(path.join(SRC, layer, name)).isDirectory(),
  );

describe('shared code imports no context (ARCHITECTURE 20)', () => {
  it('no file of application/shared or domain/shared imports a context folder of application or domain', () => {
    expect(contextFolders('application')).to.include.members(['sales', 'sdr', 'hub-leads']);
    expect(sharedImportsOfContexts(sourceFiles(path.join(SRC, 'application', 'shared')))).to.deep.equal([]);
    expect(sharedImportsOfContexts(sourceFiles(path.join(SRC, 'domain', 'shared')))).to.deep.equal([]);
  });

  describe('the checker', () => {
    const at = (relative: string, text: string): SourceFile => ({ file: path.join(SRC, relative), text });

    it('flags shared code importing a context of application or domain, and nothing else', () => {
      const violations = sharedImportsOfContexts([
        at('application/shared/data-checks/checks.ts', "import { refOfChatId } from '../../sdr/read-models/x';"),
        at('application/shared/ports.ts', "import type { Sale } from '../../domain/sales/sale';"),
        at('domain/shared/money.ts', "import { Cpf } from '../sales/cpf';"),
        at(
          'application/shared/ok.ts',
          "import { token } from './token';\nimport { Clock } from '../shared/ports';\n" +
            "import { isoDate } from '../../domain/shared/parsers';\nimport * as E from 'fp-ts/Either';",
        ),
        at('application/sdr/fine.ts', "import { Clock } from '../shared/ports';\nimport { Sale } from '../sales/x';"),
      ]);
      expect(violations).to.deep.equal([
        'application/shared/data-checks/checks.ts imports ../../sdr/read-models/x (application/sdr)',
        'application/shared/ports.ts imports ../../domain/sales/sale (domain/sales)',
        'domain/shared/money.ts imports ../sales/cpf (domain/sales)',
      ]);
    });
  });
});
