import { expect } from 'chai';
import path from 'node:path';
import { sourceFiles } from './layering.test';

/**
 * The clock everywhere: "now" is read from the system only by the system clock
 * (src/adapters/system/system-clock.ts: the Clock adapter, and the stopwatch and deadline of budgets
 * and durations); every other module is handed a Clock or a `now`, so a test can fix the time.
 */
const SRC = path.resolve(__dirname, '../../src');
const SYSTEM_CLOCK = 'adapters/system/system-clock.ts';

/** The code of a TypeScript source with its comments removed and its strings emptied (template holes kept). */
export function codeOf(text: string): string {
  let code = '';
  let i = 0;
  /** Open template literals: the brace depth of each `${` hole entered. */
  const holes: number[] = [];
  let depth = 0;
  const skipQuoted = (quote: string): void => {
    i += 1;
    while (i < text.length && text[i] !== quote && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
    i += 1;
    code += `${quote}${quote}`;
  };
  const skipTemplateText = (): void => {
    while (i < text.length && text[i] !== '`' && !(text[i] === '$' && text[i + 1] === '{'))
      i += text[i] === '\\' ? 2 : 1;
    if (text[i] === '`') {
      i += 1;
      code += '`';
    } else {
      i += 2;
      code += '${';
      holes.push(depth);
    }
  };
  while (i < text.length) {
    const c = text[i] ?? '';
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 2;
      code += ' ';
    } else if (c === "'" || c === '"') {
      skipQuoted(c);
    } else if (c === '`') {
      code += '`';
      i += 1;
      skipTemplateText();
    } else if (c === '}' && holes.length > 0 && holes[holes.length - 1] === depth) {
      holes.pop();
      code += '}';
      i += 1;
      skipTemplateText();
    } else {
      if (c === '{') depth += 1;
      if (c === '}') depth -= 1;
      code += c;
      i += 1;
    }
  }
  return code;
}

const READS_THE_SYSTEM_TIME = /\bDate\s*\.\s*now\s*\(|\bnew\s+Date\s*\(\s*\)/g;

/** Each read of the system time in `text`'s code, as `Date.now()` or `new Date()`. */
export function systemTimeReads(text: string): string[] {
  return [...codeOf(text).matchAll(READS_THE_SYSTEM_TIME)].map((match) => match[0].replace(/\s+/g, ' '));
}

describe('the clock everywhere', () => {
  it('reads the system time only in the system clock', () => {
    const offenders = sourceFiles(SRC)
      .map(({ file, text }) => ({ file: path.relative(SRC, file).split(path.sep).join('/'), text }))
      .filter(({ file }) => file !== SYSTEM_CLOCK)
      .flatMap(({ file, text }) => systemTimeReads(text).map((read) => `${file}: ${read}`));
    expect(offenders).to.deep.equal([]);
  });

  it('the system clock is where the reads are', () => {
    const [clock] = sourceFiles(path.dirname(path.join(SRC, SYSTEM_CLOCK))).filter(({ file }) =>
      file.endsWith(SYSTEM_CLOCK.split('/').join(path.sep)),
    );
    expect(systemTimeReads(clock?.text ?? '')).to.include.members(['Date.now(', 'new Date()']);
  });

  it('finds reads in code, not in comments or strings, and not a date built from a value', () => {
    const text = [
      '// Date.now() in a line comment',
      '/* new Date() in a block comment */',
      'const a = \'Date.now()\' + "new Date()";',
      'const b = `at ${Date.now()} and ${`nested ${new Date ( )}`} but not Date.now() here`;',
      'const c = new Date(0); const d = Date . now();',
      'const e = { f: () => new Date(c.getTime()) };',
    ].join('\n');
    expect(systemTimeReads(text)).to.deep.equal(['Date.now(', 'new Date ( )', 'Date . now(']);
  });
});
