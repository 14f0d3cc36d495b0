import { expect } from 'chai';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportLine } from '../../src/application/sdr/import-gateway-messages';
import { readGatewayExport } from '../../src/cli/imports/gateway-export-reader';

describe('readGatewayExport (the streaming reader of gateway-import)', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'export-reader-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function read(content: string): Promise<ImportLine[]> {
    const file = path.join(dir, `f${Math.random()}.json`);
    await writeFile(file, content);
    const items: ImportLine[] = [];
    for await (const item of readGatewayExport(file)) items.push(item);
    return items;
  }

  it('reads JSON lines with their line numbers, skipping blank lines, CRLF included', async () => {
    expect(await read('\n{"a":1}\r\n\n  {"b":[1,2]}  \nnope\n{"c":3}')).to.deep.equal([
      { line: 2, value: { a: 1 } },
      { line: 4, value: { b: [1, 2] } },
      { line: 5, unreadable: 'not JSON (Unexpected token \'o\', "nope" is not valid JSON)' },
      { line: 6, value: { c: 3 } },
    ]);
  });

  it(
    'cuts a JSON array into its elements, each with the line it starts on, strings and nesting ' + 'respected',
    async () => {
      const items = await read('  [\n{"a": "x, ] } \\" {"},\n  {"b": {"c": [1, {"d": 2}]},\n   "e": 1}, 7,\n"s"]\n');
      expect(items).to.deep.equal([
        { line: 2, value: { a: 'x, ] } " {' } },
        { line: 3, value: { b: { c: [1, { d: 2 }] }, e: 1 } },
        { line: 4, value: 7 },
        { line: 5, value: 's' },
      ]);
      expect(await read('[]')).to.deep.equal([]);
      expect(await read('   \n  ')).to.deep.equal([]);
    },
  );

  it('reports a truncated array and a broken element by line, and keeps the rest', async () => {
    const items = await read('[{"a":1},\n{"b":,},\n{"c":3}');
    expect(items.map((i) => [i.line, 'value' in i ? i.value : 'unreadable'])).to.deep.equal([
      [1, { a: 1 }],
      [2, 'unreadable'],
      [3, { c: 3 }],
      [3, 'unreadable'],
    ]);
    expect(items[3]).to.deep.equal({ line: 3, unreadable: 'the JSON array is not closed (file truncated?)' });
  });

  it('streams a file larger than one read chunk element by element', async () => {
    const big = `[${Array.from({ length: 3000 }, (_, i) => JSON.stringify({ i, pad: 'x'.repeat(200) })).join(',\n')}]`;
    const items = await read(big);
    expect(items).to.have.length(3000);
    expect(items[2999]).to.deep.equal({ line: 3000, value: { i: 2999, pad: 'x'.repeat(200) } });
  });
});
