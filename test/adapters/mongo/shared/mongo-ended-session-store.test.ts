import {
  endedSessionIndexes,
  HUB_ENDED_SESSIONS,
  SALES_ENDED_SESSIONS,
} from '../../../../src/adapters/mongo/shared/ended-sessions/ended-session-collection';
import { MongoEndedSessionStore } from '../../../../src/adapters/mongo/shared/ended-sessions/mongo-ended-session-store';
import { endedSessionStoreContract } from '../../../support/contracts/ended-session-store-contract';
import { InMemoryEndedSessionStore } from '../../../support/fakes/in-memory-ended-session-store';
import { useTestDatabase } from '../../../support/mongo';

describe('EndedSessionStore contract', () => {
  describe('in memory (the fake)', () => {
    endedSessionStoreContract(async () => new InMemoryEndedSessionStore());
  });

  for (const collection of [SALES_ENDED_SESSIONS, HUB_ENDED_SESSIONS]) {
    describe(`MongoDB (${collection})`, () => {
      const mongo = useTestDatabase([endedSessionIndexes(collection)]);
      endedSessionStoreContract(async () => new MongoEndedSessionStore(mongo().db, collection));
    });
  }
});
