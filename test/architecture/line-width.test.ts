import { expect } from 'chai';
import path from 'node:path';
import { sourceFiles } from './layering.test';

/**
 * Prettier (width 120, `.prettierrc.json`) breaks code but never a string or a comment: this holds
 * every line of the product, its tests, scripts and benchmarks to the same width, so long messages are
 * concatenations and long comments are wrapped. The exceptions are what no formatter can break: an
 * import whose module path alone pushes it past the width, and a regular expression literal.
 */
const WIDTH = 120;
const ROOT = path.resolve(__dirname, '../..');
const REGEX_LITERAL = /^\s*\/.+\/[dgimsuy]*[,;]?$/;
const UNBREAKABLE_IMPORT = /^import (type )?\{ [\w, ]+ \} from '[^']+';$|^import [\w]+ from '[^']+';$/;

export function linesOverWidth(files: readonly { file: string; text: string }[], width: number): string[] {
  return files.flatMap(({ file, text }) =>
    text.split('\n').flatMap((line, index) => {
      if (line.length <= width) return [];
      const withoutPath = line.replace(/'[^']+';$/, "'';");
      if (UNBREAKABLE_IMPORT.test(line) && withoutPath.length <= width) return [];
      if (REGEX_LITERAL.test(line)) return [];
      return [`${path.relative(ROOT, file)}:${index + 1} (${line.length})`];
    }),
  );
}

describe('Line width', () => {
  it(`no line of src, test, scripts or bench is over ${WIDTH} characters (long import paths and regexes aside)`, () => {
    const files = ['src', 'test', 'scripts', 'bench'].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
    expect(linesOverWidth(files, WIDTH)).to.deep.equal([]);
  });

  it('reports a long line and a long comment, and lets a long import path through', () => {
    const long = 'x'.repeat(WIDTH);
    const files = [
      { file: path.join(ROOT, 'src/a.ts'), text: `const a = '${long}';\n// ${long}\nconst b = 1;` },
      { file: path.join(ROOT, 'src/b.ts'), text: `import { C } from '../${'d/'.repeat(60)}c';` },
    ];
    expect(linesOverWidth(files, WIDTH)).to.deep.equal(['src/a.ts:1 (133)', 'src/a.ts:2 (123)']);
  });
});
