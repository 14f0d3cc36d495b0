import { createReadStream } from 'node:fs';
import type { ImportLine } from '../application/sdr/import-gateway-messages';

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
  let mode: 'unknown' | 'lines' | 'array' = 'unknown';
  let bytes = 0;
  // JSON lines: the current line's text; array: the current element's text.
  let pending = '';
  let line = 1;
  let itemLine = 1;
  // Array scanner state.
  let depth = 0;
  let inString = false;
  let escaped = false;
  let arrayClosed = false;

  const lineItem = (text: string, at: number): ImportLine | undefined =>
    text.trim() === '' ? undefined : parse(text, at);

  for await (const chunk of stream as AsyncIterable<string>) {
    bytes += Buffer.byteLength(chunk, 'utf8');
    let start = 0;
    if (mode === 'unknown') {
      const first = chunk.search(/\S/);
      if (first === -1) {
        line += countNewlines(chunk);
        onBytes?.(bytes);
        continue;
      }
      line += countNewlines(chunk.slice(0, first));
      if (chunk[first] === '[') {
        mode = 'array';
        start = first + 1;
      } else {
        mode = 'lines';
        itemLine = line;
        start = first;
      }
    }
    if (mode === 'lines') {
      let from = start;
      for (let i = start; i < chunk.length; i += 1) {
        if (chunk.charCodeAt(i) !== 10) continue;
        const item = lineItem(pending + chunk.slice(from, i), line);
        pending = '';
        from = i + 1;
        line += 1;
        if (item !== undefined) yield item;
      }
      pending += chunk.slice(from);
    } else {
      let from = start;
      for (let i = start; i < chunk.length; i += 1) {
        const c = chunk[i];
        if (c === '\n') line += 1;
        if (arrayClosed) continue;
        if (inString) {
          if (escaped) escaped = false;
          else if (c === '\\') escaped = true;
          else if (c === '"') inString = false;
          continue;
        }
        if (c === '"') {
          if (depth === 0 && (pending + chunk.slice(from, i)).trim() === '') itemLine = line;
          inString = true;
        } else if (c === '{' || c === '[') {
          if (depth === 0 && (pending + chunk.slice(from, i)).trim() === '') itemLine = line;
          depth += 1;
        } else if (c === '}' || c === ']') {
          if (depth === 0 && c === ']') {
            const item = lineItem(pending + chunk.slice(from, i), itemLine);
            pending = '';
            from = i + 1;
            arrayClosed = true;
            if (item !== undefined) yield item;
            continue;
          }
          depth -= 1;
        } else if (c === ',' && depth === 0) {
          const item = lineItem(pending + chunk.slice(from, i), itemLine);
          pending = '';
          from = i + 1;
          if (item !== undefined) yield item;
        } else if (depth === 0 && !/\s/.test(c ?? '') && (pending + chunk.slice(from, i)).trim() === '') {
          itemLine = line;
        }
      }
      if (!arrayClosed) pending += chunk.slice(from);
    }
    onBytes?.(bytes);
  }
  if (mode === 'lines') {
    const item = lineItem(pending, line);
    if (item !== undefined) yield item;
  } else if (mode === 'array' && !arrayClosed) {
    // A truncated export: what is left may still be a whole element; then the missing `]` is reported.
    const item = lineItem(pending, itemLine);
    if (item !== undefined) yield item;
    yield { line, unreadable: 'the JSON array is not closed (file truncated?)' };
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
