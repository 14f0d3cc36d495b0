import type Router from '@koa/router';
import type { CollectionIndexes } from '../adapters/mongo/shared/collection-indexes';
import type { DeclaredDataCheck } from '../application/shared/data-checks/data-check';
import type { DeclaredHolding } from '../application/shared/privacy/holding';

/** What the root needs from every bounded context; each area adds its typed use cases beside it. */
export interface Area {
  /** The HTTP service the routers belong to. */
  readonly service: 'sales' | 'hub';
  /** Mounted in this order, after the routers of the areas composed before. */
  readonly routers: readonly Router[];
  /** The area's collections, as listed in src/adapters/mongo/<area>/indexes.ts. */
  readonly indexes: readonly CollectionIndexes[];
  /**
   * The invariants of its stored data (CONTRACT 10.2), each with its place in `check-data`'s run
   * (src/application/<area>/data-checks/); the root runs every area's, in that order.
   */
  readonly dataChecks: readonly DeclaredDataCheck[];
  /**
   * The personal data its stores hold (CONTRACT 12, LGPD): each store's reader, eraser and linker,
   * declared beside its indexes; the privacy use cases run every area's. None: it holds no personal data.
   */
  readonly holdings?: readonly DeclaredHolding[];
  /** The hub's holdings, per organization (CONTRACT 12.3; the hub-leads area's `HubHoldings`). */
  readonly orgHoldings?: readonly DeclaredHolding<{ readonly organizationId: string }>[];
}
