import type { Db } from 'mongodb';
import type { ExpiredDocuments } from '../application/shared/expired-documents';
import type { IndexSetup } from '../application/shared/index-setup';
import { policiesAreaIndexes } from '../adapters/mongo/policies/indexes';
import { salesUserIndexes } from '../adapters/mongo/sales-identity/sales-user-collection';
import type { CollectionIndexes } from '../adapters/mongo/shared/collection-indexes';
import { MongoExpiredDocuments } from '../adapters/mongo/shared/mongo-expired-documents';
import { MongoIndexSetup } from '../adapters/mongo/shared/mongo-index-setup';
import type { Area } from './area';
import type { SdrArea } from './sdr';

/** The index setups the commands run before they write. */
export interface IndexSetups {
  /** Every area's collections in the service's database (serve, ensure-indexes, the commands that write). */
  readonly service: IndexSetup;
  /** The gateway store's collection, in a database of its own when GATEWAY_MONGODB_URI names one (CONTRACT 8.1). */
  readonly gateway: IndexSetup & { readonly separate: boolean };
  /** The sales users' collection alone (create-user). */
  readonly salesUsers: IndexSetup;
  /** The policies area's collections (import-policies). */
  readonly policies: IndexSetup;
}

/** What `serve` and the commands do to the database itself, behind ports: the CLI sees no driver. */
export interface DatabaseMaintenance {
  readonly indexes: IndexSetups;
  /** Retention where the server has no TTL monitor (CONTRACT 9.4), over every area's TTL indexes. */
  readonly expiredDocuments: ExpiredDocuments;
}

/** Built by the root once the areas are resolved: the lists are theirs (src/adapters/mongo/<area>/indexes.ts). */
export function databaseMaintenance(db: Db, areas: readonly Area[], sdr: SdrArea): DatabaseMaintenance {
  const all = areas.flatMap((area) => area.indexes);
  const { gatewayStore } = sdr;
  return {
    indexes: {
      service: indexSetupOf(db, all),
      gateway: Object.assign(indexSetupOf(gatewayStore.db, gatewayStore.indexes), { separate: gatewayStore.separate }),
      salesUsers: indexSetupOf(db, [salesUserIndexes]),
      policies: indexSetupOf(db, policiesAreaIndexes),
    },
    expiredDocuments: new MongoExpiredDocuments(db, all),
  };
}

export function indexSetupOf(db: Db, indexes: readonly CollectionIndexes[]): IndexSetup {
  return new MongoIndexSetup(db, indexes);
}
