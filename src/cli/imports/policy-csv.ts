import { createReadStream } from 'node:fs';
import { parse, type CsvError } from 'csv-parse';
import {
  OPTIONAL_COLUMNS,
  REQUIRED_COLUMNS,
  type PolicyColumn,
  type PolicyRow,
} from '../../application/policies/policy-row';
import type { NumberedRecord } from '../../application/shared/import-pipeline';

const KNOWN_COLUMNS: readonly string[] = [...REQUIRED_COLUMNS, ...OPTIONAL_COLUMNS];

/** The file cannot be imported at all: nothing is written. */
export class PolicyCsvFileError extends Error {
  override readonly name = 'PolicyCsvFileError';
}

/** A record with its raw text (the empty lines skipped before it, its own line breaks). */
interface RawRecord {
  readonly record: string[];
  readonly raw: string;
}

/**
 * Rows of another length are reported as bad rows (not a parse failure), hence relax_column_count.
 * Line numbers come from each record's raw text, not from csv-parse's `info` option: that option costs
 * a per-record object that made the peak RSS of a 100k-row import grow by ~40 MiB (bench:policies).
 */
function csvParser(options: { raw: boolean }) {
  return parse({ bom: true, relax_column_count: true, skip_empty_lines: true, raw: options.raw });
}

const LINE_BREAK = /\r\n|\r|\n/g;
const LEADING_BREAKS = /^(?:\r\n|\r|\n)*/;
const breaksIn = (text: string): number => text.match(LINE_BREAK)?.length ?? 0;

function describeParseError(error: unknown): string {
  const csv = error as Partial<CsvError> & Error;
  const fromParser =
    typeof csv.code === 'string' && (csv.code.startsWith('CSV_') || csv.code === 'INVALID_OPENING_QUOTE');
  return fromParser ? `broken CSV: ${csv.message}` : csv.message;
}

/** Fails with PolicyCsvFileError unless the header has every required column and no unknown or repeated one. */
export function checkHeader(header: readonly string[]): Map<string, number> {
  const columns = header.map((name) => name.trim());
  const problems: string[] = [];
  const missing = REQUIRED_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0) problems.push(`missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  const unknown = columns.filter((name) => !KNOWN_COLUMNS.includes(name));
  if (unknown.length > 0)
    problems.push(`unknown column${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => JSON.stringify(u)).join(', ')}`);
  const repeated = columns.filter((name, i) => columns.indexOf(name) !== i);
  if (repeated.length > 0)
    problems.push(`repeated column${repeated.length > 1 ? 's' : ''} ${[...new Set(repeated)].join(', ')}`);
  if (problems.length > 0) {
    const hint = header.length === 1 && /[;\t|]/.test(header[0] ?? '') ? ' (the file must be comma-separated)' : '';
    throw new PolicyCsvFileError(
      `bad header at line 1: ${problems.join('; ')}${hint}; expected ${REQUIRED_COLUMNS.join(',')} and ` +
        `optionally ${OPTIONAL_COLUMNS.join(',')}`,
    );
  }
  return new Map(columns.map((name, i) => [name, i]));
}

/**
 * Reads the whole file once without keeping it: the header must be right and every quote closed,
 * else PolicyCsvFileError (so a broken file is refused before anything is imported).
 */
export async function checkPolicyCsv(file: string): Promise<void> {
  let first = true;
  try {
    for await (const record of createReadStream(file).pipe(csvParser({ raw: false })) as AsyncIterable<string[]>) {
      if (first) checkHeader(record);
      first = false;
    }
  } catch (error) {
    if (error instanceof PolicyCsvFileError) throw error;
    throw new PolicyCsvFileError(describeParseError(error));
  }
  if (first) throw new PolicyCsvFileError('the file is empty: a header row is required');
}

/** An empty cell is null (CONTRACT 8.6); cells are trimmed. */
const cell = (record: readonly string[], columns: ReadonlyMap<string, number>, name: PolicyColumn): string | null => {
  const index = columns.get(name);
  const value = index === undefined ? undefined : record[index]?.trim();
  return value === undefined || value === '' ? null : value;
};

/** One data row by column; a row of another length cannot be read as one. */
export function rowOf(
  record: readonly string[],
  columns: ReadonlyMap<string, number>,
): { row: PolicyRow } | { unreadable: string } {
  if (record.length !== columns.size) return { unreadable: `expected ${columns.size} fields, got ${record.length}` };
  // Every column the header may name, each once: a PolicyRow (absent optional columns are null cells).
  const row = Object.fromEntries(KNOWN_COLUMNS.map((name) => [name, cell(record, columns, name as PolicyColumn)]));
  return { row: row as PolicyRow };
}

export interface PolicyCsvProgress {
  /** Characters of the file read so far (bytes for ASCII; the bar ends at the file size anyway). */
  readonly bytes: number;
  /** Data rows read before this point. */
  readonly rows: number;
}

/**
 * Streams the data rows (after checkPolicyCsv passed): each with the line it starts on, its cells by
 * column. Memory stays flat: rows are read as the consumer asks for them.
 */
export async function* readPolicyCsv(
  file: string,
  onProgress?: (progress: PolicyCsvProgress) => void,
): AsyncGenerator<NumberedRecord<PolicyRow>> {
  let columns: Map<string, number> | undefined;
  /** Line breaks read before the current record. */
  let linesBefore = 0;
  let characters = 0;
  let rows = 0;
  for await (const { record, raw } of createReadStream(file).pipe(
    csvParser({ raw: true }),
  ) as AsyncIterable<RawRecord>) {
    // The line a record starts on: after the breaks read so far and the empty lines skipped before it.
    const line = linesBefore + breaksIn(LEADING_BREAKS.exec(raw)?.[0] ?? '') + 1;
    linesBefore += breaksIn(raw);
    characters += raw.length;
    onProgress?.({ bytes: characters, rows });
    if (columns === undefined) {
      columns = checkHeader(record);
      continue;
    }
    const read = rowOf(record, columns);
    yield 'unreadable' in read ? { line, unreadable: read.unreadable } : { line, value: read.row };
    rows += 1;
  }
}
