import { expect } from 'chai';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * docs/architecture.md is the map a new feature is written from: every `src/` or `test/` path it
 * names must exist. Brace lists expand (`src/{domain,application}/sdr`); a path with a placeholder
 * (`<context>`) or a glob is a pattern, not a path, and is not checked.
 */
const ROOT = path.resolve(__dirname, '../..');

export function expandBraces(text: string): string[] {
  const match = /\{([^{}]*)\}/.exec(text);
  if (match === null) return [text];
  const [whole, inner = ''] = match;
  return inner.split(',').flatMap((option) => expandBraces(text.replace(whole, option)));
}

export function pathsNamedIn(markdown: string): string[] {
  const candidates = (markdown.match(/(?<![\w./-])(?:src|test)\/[\w./{},<>*-]*/g) ?? []).map((candidate) =>
    candidate.replace(/[.,]+$/, ''),
  );
  return [...new Set(candidates.filter((candidate) => !/[<*]/.test(candidate)).flatMap(expandBraces))];
}

describe('docs/architecture.md', () => {
  it('names only src/ and test/ paths that exist', () => {
    const paths = pathsNamedIn(readFileSync(path.join(ROOT, 'docs/architecture.md'), 'utf8'));
    expect(paths.length).to.be.greaterThan(30);
    expect(paths.filter((named) => !existsSync(path.join(ROOT, named)))).to.deep.equal([]);
  });

  it('the path reader expands brace lists and leaves placeholders out', () => {
    expect(
      pathsNamedIn(
        'see `src/{domain,application}/sdr` and `src/adapters/http/<service>/x.ts`, `test/architecture/` (and ' +
          'src/a/b.ts).',
      ),
    ).to.deep.equal(['src/domain/sdr', 'src/application/sdr', 'test/architecture/', 'src/a/b.ts']);
  });
});
