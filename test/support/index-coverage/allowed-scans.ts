/**
 * Queries the product runs WITHOUT an index on purpose, by name, each with why a scan is right.
 * Kept beside the guard rather than beside the index declarations: only the test suite reads it
 * (production code never consults it), and a reviewer sees every deliberate scan in one list.
 * `query` is written as the guard prints it: the filter's shape (values replaced by `?`), then the
 * sort if any. `aggregate {}` is `countDocuments({})`, the exact total of an unfiltered page.
 */
export interface AllowedScan {
  readonly name: string;
  readonly collection: string;
  readonly command: string;
  readonly query: string;
  readonly reason: string;
}

export const ALLOWED_SCANS: readonly AllowedScan[] = [
  {
    name: 'vendor list page',
    collection: 'vendors',
    command: 'find',
    query: '{} sort { name: 1, _id: 1 }',
    reason: "admin list of the broker's vendors: tens of documents, sorted in memory",
  },
  {
    name: 'vendor list total',
    collection: 'vendors',
    command: 'aggregate',
    query: '{}',
    reason: 'exact total of the same small admin list',
  },
  {
    name: 'API key list page (admin, every user)',
    collection: 'api_keys',
    command: 'find',
    query: '{} sort { createdAt: -1, _id: 1 }',
    reason: 'admin list of every API key: keys are issued by hand, one per integration, tens at most',
  },
  {
    name: 'sales list total (no filter)',
    collection: 'sales',
    command: 'aggregate',
    query: '{}',
    reason: 'list answers carry an exact total (CONTRACT 8); with no filter that means counting every sale',
  },
  {
    name: 'policy list total (no filter)',
    collection: 'policies',
    command: 'aggregate',
    query: '{}',
    reason:
      'GET /api/policies answers an exact total (CONTRACT 8.6 list with pages); with no filter that means counting ' +
      'every policy',
  },
  {
    name: 'audit log total (no filter)',
    collection: 'api_event_logs',
    command: 'aggregate',
    query: '{}',
    reason:
      'list answers carry an exact total (CONTRACT 8); with no filter that means counting the whole log (filtered ' +
      'totals use an index)',
  },
];
