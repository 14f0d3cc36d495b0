/**
 * Would a mongod started with `notablescan` refuse this command? A model of its query planner, small
 * enough to read, over the indexes the code declares (src/adapters/mongo/<area>/indexes.ts).
 *
 * mongod refuses a query (NoQueryExecutionPlans) when its only plan is a collection scan. It builds
 * an index plan when:
 * - some top-level conjunct (`$and` flattens) constrains the FIRST key field of an index: equality,
 *   `$in`, ranges, `$exists`, `$type`, `$regex`, `$elemMatch`, and also `$ne`/`$nin`/`$not` (mongod
 *   scans the index's complement bounds for those; wide, but no table scan). `$size`, `$where`,
 *   `$expr`, `$jsonSchema`, `$text`, `$nor`, geo and bit operators do not use a B-tree index here;
 * - a `$or` conjunct has EVERY branch covered on its own (one unindexed branch means the whole
 *   `$or` needs a collection scan, unless another conjunct beside the `$or` is indexed);
 * - a partial index is only a candidate when the query implies its partialFilterExpression
 *   (modelled: the same condition, or an equality/`$in` on values of the `$type` it requires);
 * - otherwise a sort on an index's key prefix (all directions equal, or all reversed) is served by a
 *   full index scan, which notablescan allows; so is a `hint`.
 * `_id` is always indexed. An aggregation is judged by its leading `$match`/`$sort` stages (mongod
 * pushes `$match` ahead of `$sort`); one starting with anything else reads the whole collection.
 * `$lookup` is not modelled (the code has none).
 *
 * One deliberate difference: mongod exempts an EMPTY filter from notablescan (reading everything is
 * visibly intended). Here an empty filter is a scan too, unless a sort is served by an index, or
 * the command is `count` without a query (answered from collection metadata) or `distinct` on a
 * field that leads an index whose keys hold every field of its query (DISTINCT_SCAN): an unfiltered list page that
 * sorts or counts the whole
 * collection grows with it, so it either gets an index or a named entry in the allow-list.
 */
import type { Document } from 'mongodb';
import type { IndexDeclaration } from '../../../src/adapters/mongo/shared/collection-indexes';
import { isPlainObject } from './query-shape';

/** One filtering request inside a command (an `update` or `delete` command carries several). */
export interface FilteredRead {
  readonly command: string;
  readonly filter: Document;
  readonly sort?: ReadonlyArray<readonly [string, number]>;
  /** `distinct`'s key: an index leading with it serves an empty filter. */
  readonly distinctKey?: string;
  /** The command can be answered without reading documents (hint, count of everything). */
  readonly answeredWithoutScan?: boolean;
}

const ID_INDEX: IndexDeclaration = { key: { _id: 1 }, name: '_id_' };
const NOT_INDEXABLE = new Set([
  '$size',
  '$where',
  '$expr',
  '$jsonSchema',
  '$text',
  '$geoWithin',
  '$geoIntersects',
  '$near',
  '$nearSphere',
  '$bitsAllSet',
  '$bitsAnySet',
  '$bitsAllClear',
  '$bitsAnyClear',
]);

/** The filters a command applies to its collection; empty for commands that filter nothing. */
export function filteredReads(commandName: string, command: Document): FilteredRead[] {
  switch (commandName) {
    case 'find':
      return [
        {
          command: 'find',
          filter: command.filter ?? {},
          ...sortOf(command.sort),
          answeredWithoutScan: command.hint !== undefined,
        },
      ];
    case 'findAndModify':
      return [
        {
          command: 'findAndModify',
          filter: command.query ?? {},
          ...sortOf(command.sort),
          answeredWithoutScan: command.hint !== undefined,
        },
      ];
    case 'update':
      return (command.updates as Document[]).map((u) => ({
        command: 'update',
        filter: u.q ?? {},
        answeredWithoutScan: u.hint !== undefined,
      }));
    case 'delete':
      return (command.deletes as Document[]).map((d) => ({
        command: 'delete',
        filter: d.q ?? {},
        answeredWithoutScan: d.hint !== undefined,
      }));
    case 'count':
      return [
        {
          command: 'count',
          filter: command.query ?? {},
          answeredWithoutScan: command.hint !== undefined || isEmpty(command.query),
        },
      ];
    case 'distinct':
      return [{ command: 'distinct', filter: command.query ?? {}, distinctKey: command.key as string }];
    case 'aggregate':
      return typeof command.aggregate === 'string'
        ? [leadingStagesOf(command.pipeline as Document[], command.hint !== undefined)]
        : [];
    default:
      return [];
  }
}

export function isCovered(read: FilteredRead, declared: readonly IndexDeclaration[]): boolean {
  if (read.answeredWithoutScan === true) return true;
  const indexes = [ID_INDEX, ...declared];
  if (conjunctionCovered(read.filter, indexes)) return true;
  const candidates = indexes.filter((index) => partialFilterImplied(index, read.filter));
  if (
    read.sort !== undefined &&
    read.sort.length > 0 &&
    candidates.some((index) => providesSort(index, read.sort ?? []))
  )
    return true;
  return (
    read.distinctKey !== undefined &&
    candidates.some((index) => firstKey(index) === read.distinctKey && filterWithinKey(read.filter, index))
  );
}

/**
 * `distinct` plans a covered index scan (DISTINCT_SCAN) on an index leading with its key when every
 * field its query names is a key of that index (mongod's GENERATE_COVERED_IXSCANS for distinct).
 */
function filterWithinKey(filter: Document, index: IndexDeclaration): boolean {
  return conjuncts(filter).every(([path]) => !path.startsWith('$') && path in index.key);
}

function conjunctionCovered(filter: Document, indexes: readonly IndexDeclaration[]): boolean {
  const candidates = indexes.filter((index) => partialFilterImplied(index, filter));
  return conjuncts(filter).some(([path, condition]) => {
    if (path === '$or') return (condition as Document[]).every((branch) => conjunctionCovered(branch, indexes));
    return (
      !path.startsWith('$') &&
      pathsConstrained(path, condition).some((p) => candidates.some((index) => firstKey(index) === p))
    );
  });
}

/** `$and` flattened into [path, condition] pairs; `$or` kept as one conjunct. */
function conjuncts(filter: Document): Array<[string, unknown]> {
  return Object.entries(filter).flatMap(([key, value]): Array<[string, unknown]> =>
    key === '$and' ? (value as Document[]).flatMap(conjuncts) : [[key, value]],
  );
}

/** The paths an index on which could serve this condition (an `$elemMatch` on documents reaches into them). */
function pathsConstrained(path: string, condition: unknown): string[] {
  if (!isPlainObject(condition) || !Object.keys(condition).some((k) => k.startsWith('$'))) return [path];
  const operators = Object.keys(condition);
  if (operators.every((op) => NOT_INDEXABLE.has(op) || op === '$options')) return [];
  const elemMatch = condition.$elemMatch;
  if (isPlainObject(elemMatch) && !Object.keys(elemMatch).some((k) => k.startsWith('$'))) {
    return [path, ...conjuncts(elemMatch).flatMap(([sub, inner]) => pathsConstrained(`${path}.${sub}`, inner))];
  }
  return [path];
}

function partialFilterImplied(index: IndexDeclaration, filter: Document): boolean {
  if (index.partialFilterExpression === undefined) return true;
  const constraints = new Map(conjuncts(filter));
  return Object.entries(index.partialFilterExpression).every(([path, required]) =>
    implies(constraints.get(path), required),
  );
}

function implies(condition: unknown, required: unknown): boolean {
  if (condition === undefined) return false;
  if (JSON.stringify(condition) === JSON.stringify(required)) return true;
  if (!isPlainObject(required) || typeof required.$type !== 'string') return false;
  const values: unknown[] = !isPlainObject(condition)
    ? [condition]
    : Array.isArray(condition.$in)
      ? condition.$in
      : '$eq' in condition
        ? [condition.$eq]
        : [];
  return values.length > 0 && values.every((v) => bsonTypeOf(v) === required.$type);
}

function bsonTypeOf(value: unknown): string {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'bool';
  if (value instanceof Date) return 'date';
  return typeof value;
}

function providesSort(index: IndexDeclaration, sort: ReadonlyArray<readonly [string, number]>): boolean {
  const key = Object.entries(index.key);
  if (sort.length > key.length || !sort.every(([field], i) => key[i]?.[0] === field)) return false;
  const same = sort.every(([, direction], i) => key[i]?.[1] === direction);
  const reversed = sort.every(([, direction], i) => key[i]?.[1] === -direction);
  return same || reversed;
}

function leadingStagesOf(pipeline: readonly Document[], hinted: boolean): FilteredRead {
  const matches: Document[] = [];
  let sort: Document | undefined;
  for (const stage of pipeline) {
    if (stage.$match !== undefined) matches.push(stage.$match as Document);
    else if (stage.$sort !== undefined && sort === undefined) sort = stage.$sort as Document;
    else break;
  }
  const filter = matches.length === 1 ? (matches[0] as Document) : matches.length === 0 ? {} : { $and: matches };
  return { command: 'aggregate', filter, ...sortOf(sort), answeredWithoutScan: hinted };
}

function sortOf(sort: unknown): { sort?: Array<[string, number]> } {
  if (sort === undefined || sort === null) return {};
  const entries: Array<[string, unknown]> =
    sort instanceof Map ? [...(sort as Map<string, unknown>).entries()] : Object.entries(sort as Document);
  return {
    sort: entries.map(([field, direction]) => [
      field,
      direction === -1 || direction === 'desc' || direction === 'descending' ? -1 : 1,
    ]),
  };
}

const firstKey = (index: IndexDeclaration): string | undefined => Object.keys(index.key)[0];
const isEmpty = (filter: unknown): boolean =>
  filter === undefined || filter === null || (isPlainObject(filter) && Object.keys(filter).length === 0);
