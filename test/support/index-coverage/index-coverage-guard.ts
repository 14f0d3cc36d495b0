/**
 * The index-coverage guard: during the whole test run it sees every command the product's MongoDB
 * clients send (connectTestDatabase, the runtimes of openSalesRuntime and of the in-process CLI) and
 * fails the test whose query no declared index covers, the way a mongod with `notablescan` would
 * refuse it (the rule: ./notablescan.ts). The embedded server answers such a query at any size, so
 * without this nothing shows it before a production collection has a million documents.
 *
 * - Only the product's queries are judged: a command whose caller (the first frame of its async
 *   stack outside the driver) is test code (a test reading what it asserts on, seeding data) is
 *   counted, not judged. Only collections with an index declaration are judged; test-only
 *   collections and the admin, config and local databases are not.
 * - Deliberate scans are allowed by name in ./allowed-scans.ts.
 * - A command is attributed to the test whose body (an AsyncLocalStorage scope) sent it; the test
 *   fails when its body returns. Commands sent from hooks, or by work a test left running, fail the
 *   run at the end, in the summary printed by the root `afterAll`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CommandStartedEvent } from 'mongodb';
import type { CollectionIndexes, IndexDeclaration } from '../../../src/adapters/mongo/shared/collection-indexes';
import type { CommandObserver } from '../../../src/adapters/mongo/shared/mongo-connection';
import { ALLOWED_SCANS, type AllowedScan } from './allowed-scans';
import { sentByTestCode } from './caller-origin';
import { DECLARED_INDEXES } from './declared-indexes';
import { filteredReads, isCovered } from './notablescan';
import { shapeOf } from './query-shape';

export interface Violation {
  readonly test: string;
  readonly collection: string;
  readonly command: string;
  /** The filter's shape, and the sort when there is one: `{ orgId: ? } sort { createdAt: -1 }`. */
  readonly query: string;
}

const OUTSIDE_TESTS = 'outside any test';
const SYSTEM_DATABASES = new Set(['admin', 'config', 'local']);
const HOW_TO_FIX =
  'Declare an index whose first key is a field of this filter (src/adapters/mongo/<area>/*-collection.ts), or, for ' +
  'a deliberate scan of a small collection, allow it by name in test/support/index-coverage/allowed-scans.ts.';

export class IndexCoverageGuard {
  private readonly scope = new AsyncLocalStorage<string>();
  private readonly indexes: ReadonlyMap<string, readonly IndexDeclaration[]>;
  private readonly recorded: Violation[] = [];
  /** Violations a failed test already reported. */
  private readonly reported = new WeakSet<Violation>();
  private readonly wrapped = new WeakSet<object>();
  private checked = 0;
  private allowedHits = 0;
  private testOwn = 0;
  private lastTest = '(none yet)';

  private readonly allowed: readonly AllowedScan[];
  private readonly isTestCaller: () => boolean;

  /** `isTestCaller` says whether the command being sent comes from test code (default: its async stack). */
  constructor(
    declarations: readonly CollectionIndexes[],
    options: { allowed?: readonly AllowedScan[]; isTestCaller?: () => boolean } = {},
  ) {
    this.indexes = new Map(declarations.map((d) => [d.collection, d.indexes]));
    this.allowed = options.allowed ?? [];
    this.isTestCaller = options.isTestCaller ?? sentByTestCode;
  }

  /** For connectMongo/openRuntime; never throws (an exception would break the driver's send path). */
  readonly observer: CommandObserver = (event) => {
    try {
      this.check(event);
    } catch (error) {
      this.record({ collection: '?', command: event.commandName, query: `guard error: ${String(error)}` });
    }
  };

  get violations(): readonly Violation[] {
    return this.recorded;
  }

  /** Runs `body` as test `label`: the commands it sends are attributed to that label. */
  runAs<T>(label: string, body: () => T): T {
    this.lastTest = label;
    return this.scope.run(label, body);
  }

  /** Throws when the test `label` sent uncovered queries (call when its body has returned). */
  assertClean(label: string): void {
    const mine = this.recorded.filter((v) => v.test === label && !this.reported.has(v));
    for (const violation of mine) this.reported.add(violation);
    if (mine.length > 0) {
      throw new Error(
        `index-coverage guard: "${label}" sent ${mine.length} quer${mine.length === 1 ? 'y' : 'ies'} no declared ` +
          'index covers (a mongod with notablescan ' +
          `refuses ${mine.length === 1 ? 'it' : 'them'}):\n${listed(mine, false)}\n${HOW_TO_FIX}`,
      );
    }
  }

  /** Wraps a mocha test's body (from a root `beforeEach`) so that the test fails on an uncovered query. */
  wrapTest(test: Mocha.Test): void {
    const body = test.fn;
    if (body === undefined || this.wrapped.has(body)) return;
    const label = test.fullTitle();
    // The wrappers are `function`s because mocha hands them the test's context as `this`; the guard
    // needs its own name in there.
    // oxlint-disable-next-line typescript/no-this-alias
    const guard = this;
    // Mocha decided at construction whether the body takes `done`; the wrapper keeps that arity.
    const wrappedBody =
      body.length > 0
        ? function (this: Mocha.Context, done: Mocha.Done): unknown {
            return guard.runAs(label, () =>
              (body as Mocha.Func).call(this, (error?: unknown) => {
                if (error !== undefined && error !== null) return done(error);
                try {
                  guard.assertClean(label);
                  done();
                } catch (violation) {
                  done(violation);
                }
              }),
            );
          }
        : function (this: Mocha.Context): Promise<void> {
            return guard.runAs(label, async () => {
              await (body as Mocha.AsyncFunc).call(this);
              guard.assertClean(label);
            });
          };
    this.wrapped.add(wrappedBody);
    test.fn = wrappedBody;
  }

  /**
   * One line for the run's log, and the violations no test failed for: sent from hooks, or by work a
   * test left running after its body returned.
   */
  summary(): { line: string; unreported: readonly Violation[]; checked: number; allowed: number; testOwn: number } {
    const unreported = this.recorded.filter((v) => !this.reported.has(v));
    const line =
      `index-coverage guard: ${this.checked} product filters on declared collections checked ` +
      `(${this.allowedHits} allowed scans, ${this.recorded.length} uncovered); ${this.testOwn} sent by test code ` +
      'not judged';
    return { line, unreported, checked: this.checked, allowed: this.allowedHits, testOwn: this.testOwn };
  }

  describeAll(violations: readonly Violation[] = this.recorded): string {
    return `${listed(violations)}\n${HOW_TO_FIX}`;
  }

  private check(event: CommandStartedEvent): void {
    if (SYSTEM_DATABASES.has(event.databaseName)) return;
    const collection: unknown = event.command[event.commandName];
    if (typeof collection !== 'string') return;
    const declared = this.indexes.get(collection);
    if (declared === undefined) return;
    const reads = filteredReads(event.commandName, event.command);
    if (reads.length === 0) return;
    if (this.isTestCaller()) {
      this.testOwn += reads.length;
      return;
    }
    for (const read of reads) {
      this.checked += 1;
      if (isCovered(read, declared)) continue;
      const sort =
        read.sort === undefined
          ? ''
          : ` sort { ${read.sort.map(([field, direction]) => `${field}: ${direction}`).join(', ')} }`;
      const query = `${shapeOf(read.filter)}${sort}`;
      if (this.allowed.some((a) => a.collection === collection && a.command === read.command && a.query === query)) {
        this.allowedHits += 1;
        continue;
      }
      this.record({ collection, command: read.command, query });
    }
  }

  private record(violation: Omit<Violation, 'test'>): void {
    const test =
      this.scope.getStore() ?? `${OUTSIDE_TESTS} (a hook or background work; last test started: "${this.lastTest}")`;
    this.recorded.push({ test, ...violation });
  }
}

function listed(violations: readonly Violation[], withTest = true): string {
  const lines = violations.map((v) => `  ${v.collection} ${v.command} ${v.query}${withTest ? `  (in ${v.test})` : ''}`);
  return [...new Set(lines)].join('\n');
}

/** The one guard of the test run (test/support/hooks.ts installs it). */
export const indexCoverageGuard = new IndexCoverageGuard(DECLARED_INDEXES, { allowed: ALLOWED_SCANS });
