import { createReadStream } from 'node:fs';
import type { ImportLine } from '../../application/sdr/import-gateway-messages';

/**
 * Reads a gateway export as a stream (CONTRACT 8.1: a 1 GB export is never held in memory): JSON lines,
 * or one JSON array, told apart by the first non-blank character. Each item is parsed on its own and
 * carries the line it starts on, so a bad one is reported by line and the rest still load. Array
 * elements are cut out by a small scanner (strings and escapes respected, nesting counted) instead of a
 * streaming-JSON package: it keeps the line numbers, and only one element is in memory at a time.
 * `onBytes` reports how far into the file the reader is (progress).
 */
export async function* readGatewayExport(path: string, onBytes?: (bytes: number) => void): AsyncGenerator<ImportLine> {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 });
  let scanner: ExportScanner | undefined;
  let bytes = 0;
  let line = 1;
  for await (const chunk of stream as AsyncIterable<string>) {
    bytes += Buffer.byteLength(chunk, 'utf8');
    let start = 0;
    if (scanner === undefined) {
      const first = chunk.search(/\S/);
      line += countNewlines(first === -1 ? chunk : chunk.slice(0, first));
      if (first !== -1) {
        scanner = chunk[first] === '[' ? new ArrayScanner(line) : new LinesScanner(line);
        start = chunk[first] === '[' ? first + 1 : first;
      }
    }
    if (scanner !== undefined) yield* scanner.feed(chunk, start);
    onBytes?.(bytes);
  }
  if (scanner !== undefined) yield* scanner.end();
}

/** Cuts the items out of the export's chunks; what a chunk ends with waits for the next one. */
interface ExportScanner {
  feed(chunk: string, start: number): ImportLine[];
  end(): ImportLine[];
}

const itemOf = (text: string, at: number): ImportLine[] => (text.trim() === '' ? [] : [parse(text, at)]);

/** JSON lines: one item a line. */
class LinesScanner implements ExportScanner {
  private pending = '';

  constructor(private line: number) {}

  feed(chunk: string, start: number): ImportLine[] {
    const items: ImportLine[] = [];
    let from = start;
    for (let i = start; i < chunk.length; i += 1) {
      if (chunk.charCodeAt(i) !== 10) continue;
      items.push(...itemOf(this.pending + chunk.slice(from, i), this.line));
      this.pending = '';
      from = i + 1;
      this.line += 1;
    }
    this.pending += chunk.slice(from);
    return items;
  }

  end(): ImportLine[] {
    return itemOf(this.pending, this.line);
  }
}

/** One JSON array: its elements, cut at the commas and the closing bracket of depth 0. */
class ArrayScanner implements ExportScanner {
  private pending = '';
  /** Where the current element starts (line 1 until one does, as a stray `}` before any element reports). */
  private itemLine = 1;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private closed = false;

  constructor(private line: number) {}

  feed(chunk: string, start: number): ImportLine[] {
    const items: ImportLine[] = [];
    let from = start;
    for (let i = start; i < chunk.length; i += 1) {
      const c = chunk[i] ?? '';
      if (c === '\n') this.line += 1;
      if (this.closed || this.skipString(c)) continue;
      const before = this.pending + chunk.slice(from, i);
      if (this.depth === 0 && (c === ',' || c === ']')) {
        items.push(...itemOf(before, this.itemLine));
        this.pending = '';
        from = i + 1;
        this.closed = c === ']';
        continue;
      }
      this.step(c, before);
    }
    if (!this.closed) this.pending += chunk.slice(from);
    return items;
  }

  /** A truncated export: what is left may still be a whole element; then the missing `]` is reported. */
  end(): ImportLine[] {
    if (this.closed) return [];
    return [
      ...itemOf(this.pending, this.itemLine),
      { line: this.line, unreadable: 'the JSON array is not closed (file truncated?)' },
    ];
  }

  private skipString(c: string): boolean {
    if (!this.inString) return false;
    if (this.escaped) this.escaped = false;
    else if (c === '\\') this.escaped = true;
    else if (c === '"') this.inString = false;
    return true;
  }

  /** One character outside strings, with `before` the element's text so far: nesting, and where it starts. */
  private step(c: string, before: string): void {
    const startsHere = this.depth === 0 && before.trim() === '';
    if (startsHere && c !== '}' && !/\s/.test(c)) this.itemLine = this.line;
    if (c === '"') this.inString = true;
    else if (c === '{' || c === '[') this.depth += 1;
    else if (c === '}' || c === ']') this.depth -= 1;
  }
}

function parse(text: string, line: number): ImportLine {
  try {
    return { line, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { line, unreadable: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) === 10) n += 1;
  return n;
}
