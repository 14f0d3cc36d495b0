import { expect } from 'chai';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { hubIdentityErrors } from '../../src/adapters/http/hub/hub-identity/hub-identity-error-mapping';
import { hubLeadsErrors } from '../../src/adapters/http/hub/hub-leads/hub-leads-error-mapping';
import { assistantErrors } from '../../src/adapters/http/sales/assistant/assistant-error-mapping';
import { policyErrors } from '../../src/adapters/http/sales/policies/policy-error-mapping';
import { saleErrors } from '../../src/adapters/http/sales/sales/sale-error-mapping';
import { salesIdentityErrors } from '../../src/adapters/http/sales/sales-identity/sales-identity-error-mapping';
import { savedFilterErrors } from '../../src/adapters/http/sales/saved-filters/saved-filter-error-mapping';
import { sdrErrors } from '../../src/adapters/http/sales/sdr/sdr-error-mapping';
import { importsOf, sourceFiles, type SourceFile } from './layering.test';

/**
 * The HTTP edge is split like the application layer (docs/architecture.md): each service folder
 * (`src/adapters/http/<service>/`) holds its shell (app, guards, rate limit, error body and mapping,
 * OpenAPI assembly) and one folder per bounded context. A context's modules may import the shell,
 * `http/shared` and their own folder, never another context's folder, so a context can be read,
 * changed and removed on its own.
 */
const HTTP = path.resolve(__dirname, '../../src/adapters/http');
const SERVICES = ['sales', 'hub'];

/** `sales/sdr` for a file under `src/adapters/http/sales/sdr/`, undefined for the shell and shared. */
function contextOf(absolute: string): string | undefined {
  const [service, context, ...rest] = path.relative(HTTP, absolute).split(path.sep);
  return service !== undefined && SERVICES.includes(service) && context !== undefined && rest.length > 0
    ? `${service}/${context}`
    : undefined;
}

export function crossContextImports(files: readonly SourceFile[]): string[] {
  const violations: string[] = [];
  for (const { file, text } of files) {
    const own = contextOf(file);
    if (own === undefined) continue;
    for (const specifier of importsOf(text).filter((s) => s.startsWith('.'))) {
      const target = contextOf(path.resolve(path.dirname(file), specifier));
      if (target !== undefined && target !== own)
        violations.push(`${path.relative(HTTP, file)} imports ${specifier} (${target})`);
    }
  }
  return violations;
}

const APPLICATION_CONTEXTS = readdirSync(path.resolve(__dirname, '../../src/application')).filter(
  (name) => name !== 'shared',
);

describe('HTTP adapters per bounded context', () => {
  it("no module of one context imports another context's HTTP module", () => {
    expect(crossContextImports(sourceFiles(HTTP))).to.deep.equal([]);
  });

  it('every context folder of a service is named as in src/application', () => {
    for (const service of SERVICES) {
      const folders = readdirSync(path.join(HTTP, service)).filter((name) =>
        statSync(path.join(HTTP, service, name)).isDirectory(),
      );
      expect(
        folders.filter((folder) => !APPLICATION_CONTEXTS.includes(folder)),
        service,
      ).to.deep.equal([]);
    }
  });

  it('no route writes a query parameter by hand: every query is a codec the document is derived from', () => {
    const handWritten = sourceFiles(HTTP).filter(
      ({ file, text }) => !file.endsWith('openapi-document.ts') && /in:\s*['"]query['"]\s*(,|as const|\})/.test(text),
    );
    expect(handWritten.map(({ file }) => path.relative(HTTP, file))).to.deep.equal([]);
  });

  it('the error-mapping pieces of a service answer disjoint tags (a spread would hide a second answer)', () => {
    const services = {
      sales: [salesIdentityErrors, saleErrors, sdrErrors, savedFilterErrors, policyErrors, assistantErrors],
      hub: [hubIdentityErrors, hubLeadsErrors],
    };
    for (const [service, pieces] of Object.entries(services)) {
      const tags = pieces.flatMap((piece) => Object.keys(piece));
      expect(
        tags.filter((tag, i) => tags.indexOf(tag) !== i),
        service,
      ).to.deep.equal([]);
    }
  });

  it('the checker flags an import into another context and allows the shell, shared and its own folder', () => {
    const at = (relative: string, text: string): SourceFile => ({ file: path.join(HTTP, relative), text });
    expect(
      crossContextImports([
        at(
          'sales/policies/policy-routes.ts',
          "import { pageBody } from '../sales/sale-views';\nimport { x } from '../guards';\nimport { y } from " +
            "'../../shared/page-query';\nimport { z } from './policy-views';",
        ),
        at(
          'hub/hub-leads/lead-routes.ts',
          "import { a } from '../hub-identity/auth-routes';\nimport { b } from '../hub-error-mapping';",
        ),
        at('sales/sales-app.ts', "import { c } from './kpi/kpi-routes';"),
      ]),
    ).to.deep.equal([
      'sales/policies/policy-routes.ts imports ../sales/sale-views (sales/sales)',
      'hub/hub-leads/lead-routes.ts imports ../hub-identity/auth-routes (hub/hub-identity)',
    ]);
  });
});
