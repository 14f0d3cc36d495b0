import { expect } from 'chai';
import type { CommandStartedEvent, Db, Document } from 'mongodb';
import {
  ensureIndexes,
  retentionChangeOf,
  IndexFilterChangeError,
  RetentionChangeError,
  type CollectionIndexes,
  type IndexDeclaration,
  type RetentionChange,
} from '../../../../src/adapters/mongo/shared/collection-indexes';
import type { MongoConnection } from '../../../../src/adapters/mongo/shared/mongo-connection';
import { connectTestDatabase, serverImplements } from '../../../support/mongo';

/** What listIndexes says of one named index (undefined: there is none). */
async function listed(db: Db, collection: string, name: string): Promise<Document | undefined> {
  const indexes = await db.collection(collection).listIndexes().toArray();
  return indexes.find((index) => index.name === name);
}

const one = (collection: string, index: IndexDeclaration): CollectionIndexes[] => [{ collection, indexes: [index] }];

describe('ensureIndexes and a changed time-to-live', () => {
  describe('retentionChangeOf (what listIndexes shows against the declaration)', () => {
    const existing = [
      { v: 2, key: { _id: 1 }, name: '_id_' },
      { v: 2, key: { at: -1 }, name: 'at', expireAfterSeconds: 7_776_000 },
      { v: 2, key: { expiresAt: 1 }, name: 'plain' },
    ];

    it('no change for an index that does not exist yet, or exists with the same TTL', () => {
      expect(retentionChangeOf('c', existing, { key: { other: 1 }, name: 'other', expireAfterSeconds: 5 })).to.equal(
        undefined,
      );
      expect(retentionChangeOf('c', existing, { key: { at: -1 }, name: 'at', expireAfterSeconds: 7_776_000 })).to.equal(
        undefined,
      );
      expect(retentionChangeOf('c', existing, { key: { expiresAt: 1 }, name: 'plain' })).to.equal(undefined);
    });

    it('a TTL that differs, a plain index that became a TTL index, and a TTL index that became plain', () => {
      expect(
        retentionChangeOf('c', existing, { key: { at: -1 }, name: 'at', expireAfterSeconds: 2_592_000 }),
      ).to.deep.equal({
        collection: 'c',
        index: 'at',
        fromSeconds: 7_776_000,
        toSeconds: 2_592_000,
      });
      expect(
        retentionChangeOf('c', existing, { key: { expiresAt: 1 }, name: 'plain', expireAfterSeconds: 60 }),
      ).to.deep.equal({
        collection: 'c',
        index: 'plain',
        fromSeconds: undefined,
        toSeconds: 60,
      });
      expect(retentionChangeOf('c', existing, { key: { at: -1 }, name: 'at' })).to.deep.equal({
        collection: 'c',
        index: 'at',
        fromSeconds: 7_776_000,
        toSeconds: undefined,
      });
    });

    it('leaves an index whose key differs to createIndex (which reports that conflict itself)', () => {
      expect(retentionChangeOf('c', existing, { key: { at: 1 }, name: 'at', expireAfterSeconds: 60 })).to.equal(
        undefined,
      );
      expect(
        retentionChangeOf('c', existing, { key: { at: -1, _id: -1 }, name: 'at', expireAfterSeconds: 60 }),
      ).to.equal(undefined);
    });
  });

  describe('on the suite server', () => {
    let mongo: MongoConnection;
    let sent: CommandStartedEvent[] = [];
    let hasCollMod = false;
    let hasDropIndexes = false;
    const commandsNamed = (...names: string[]) => sent.filter((event) => names.includes(event.commandName));

    before(async () => {
      mongo = await connectTestDatabase({ observe: (event) => sent.push(event) });
      // Probed on a collection that does not exist: a real mongod answers NamespaceNotFound, jongodb
      // (0.1.6) CommandNotFound. Which outcome the tests below expect depends on it.
      hasCollMod = await serverImplements(mongo.db, { collMod: 'no_such_collection' });
      hasDropIndexes = await serverImplements(mongo.db, { dropIndexes: 'no_such_collection', index: 'none' });
    });
    after(async () => {
      await mongo.close();
    });
    beforeEach(() => {
      sent = [];
    });

    it(
      'creates a TTL index that listIndexes reports with its expireAfterSeconds; running again changes ' + 'nothing',
      async () => {
        const declared = one('ttl_created', { key: { at: -1 }, name: 'at', expireAfterSeconds: 3_600 });
        const changes: RetentionChange[] = [];
        await ensureIndexes(mongo.db, declared, { onRetentionChange: (change) => changes.push(change) });
        expect(await listed(mongo.db, 'ttl_created', 'at')).to.deep.include({
          key: { at: -1 },
          expireAfterSeconds: 3_600,
        });
        await ensureIndexes(mongo.db, declared, { onRetentionChange: (change) => changes.push(change) });
        expect(commandsNamed('collMod', 'dropIndexes')).to.deep.equal([]);
        expect(changes).to.deep.equal([]);
        expect(await listed(mongo.db, 'ttl_created', 'at')).to.deep.include({ expireAfterSeconds: 3_600 });
      },
    );

    it(
      'a changed TTL is applied in place with collMod (jongodb, which has neither collMod nor dropIndexes, ' +
        'refuses it loudly)',
      async () => {
        await ensureIndexes(
          mongo.db,
          one('ttl_changed', { key: { at: -1 }, name: 'at', expireAfterSeconds: 90 * 86_400 }),
        );
        sent = [];
        const changes: RetentionChange[] = [];
        const outcome = await ensureIndexes(
          mongo.db,
          one('ttl_changed', { key: { at: -1 }, name: 'at', expireAfterSeconds: 30 * 86_400 }),
          {
            onRetentionChange: (change) => changes.push(change),
          },
        ).catch((error: unknown) => error);

        const collMods = commandsNamed('collMod').map((event) => event.command);
        expect(collMods).to.have.length(1);
        expect(collMods[0]).to.deep.include({
          collMod: 'ttl_changed',
          index: { name: 'at', expireAfterSeconds: 30 * 86_400 },
        });
        if (hasCollMod) {
          expect(outcome).to.deep.equal(['ttl_changed']);
          expect(commandsNamed('dropIndexes')).to.deep.equal([]);
          expect(changes).to.deep.equal([
            { collection: 'ttl_changed', index: 'at', fromSeconds: 90 * 86_400, toSeconds: 30 * 86_400 },
          ]);
          expect(await listed(mongo.db, 'ttl_changed', 'at')).to.deep.include({
            key: { at: -1 },
            expireAfterSeconds: 30 * 86_400,
          });
        } else {
          expect(hasDropIndexes, 'a server without collMod but with dropIndexes takes the drop path').to.equal(false);
          expect(outcome).to.be.instanceOf(RetentionChangeError);
          expect((outcome as Error).message).to.match(
            /^Cannot change the time-to-live of index at of ttl_changed from 90 days to 30 days: collMod: .*; dropIndexes: .*Drop that index by hand/,
          );
          expect(changes).to.deep.equal([]);
          // Not silently left as it was: the old TTL is still listed, and the run said so.
          expect(await listed(mongo.db, 'ttl_changed', 'at')).to.deep.include({ expireAfterSeconds: 90 * 86_400 });
        }
      },
    );

    it('a plain index that becomes a TTL index: collMod, or else drop and create', async () => {
      await ensureIndexes(mongo.db, one('ttl_added', { key: { at: -1 }, name: 'at' }));
      sent = [];
      const outcome = await ensureIndexes(
        mongo.db,
        one('ttl_added', { key: { at: -1 }, name: 'at', expireAfterSeconds: 600 }),
      ).catch((error: unknown) => error);
      expect(commandsNamed('collMod').map((event) => event.command.index as unknown)).to.deep.equal([
        { name: 'at', expireAfterSeconds: 600 },
      ]);
      if (hasCollMod || hasDropIndexes) {
        expect(outcome).to.deep.equal(['ttl_added']);
        expect(await listed(mongo.db, 'ttl_added', 'at')).to.deep.include({ key: { at: -1 }, expireAfterSeconds: 600 });
      } else {
        expect(outcome).to.be.instanceOf(RetentionChangeError);
        expect(await listed(mongo.db, 'ttl_added', 'at')).to.not.have.property('expireAfterSeconds');
      }
    });

    it(
      'a unique index that becomes partial is dropped and created again with its filter (jongodb, without ' +
        'dropIndexes, refuses it loudly)',
      async () => {
        await ensureIndexes(
          mongo.db,
          one('filter_added', { key: { instance: 1, 'key.id': 1 }, name: 'u', unique: true }),
        );
        sent = [];
        const partial = {
          key: { instance: 1, 'key.id': 1 },
          name: 'u',
          unique: true,
          partialFilterExpression: { 'key.id': { $type: 'string' } },
        } as const;
        const outcome = await ensureIndexes(mongo.db, one('filter_added', partial)).catch((error: unknown) => error);
        expect(commandsNamed('dropIndexes').map((event) => event.command.index as unknown)).to.deep.equal(['u']);
        if (hasDropIndexes) {
          expect(outcome).to.deep.equal(['filter_added']);
          expect(await listed(mongo.db, 'filter_added', 'u')).to.deep.include({
            partialFilterExpression: { 'key.id': { $type: 'string' } },
          });
          // Unchanged on the next run: nothing dropped.
          sent = [];
          await ensureIndexes(mongo.db, one('filter_added', partial));
          expect(commandsNamed('dropIndexes')).to.deep.equal([]);
        } else {
          expect(outcome).to.be.instanceOf(IndexFilterChangeError);
          expect((outcome as Error).message).to.match(
            /^Cannot change the partial filter of index u of filter_added: dropIndexes: .*Drop that index by hand/,
          );
        }
      },
    );

    it('a TTL index that becomes plain is dropped and created again (collMod cannot remove a TTL)', async () => {
      await ensureIndexes(mongo.db, one('ttl_removed', { key: { at: -1 }, name: 'at', expireAfterSeconds: 600 }));
      sent = [];
      const outcome = await ensureIndexes(mongo.db, one('ttl_removed', { key: { at: -1 }, name: 'at' })).catch(
        (error: unknown) => error,
      );
      expect(commandsNamed('collMod')).to.deep.equal([]);
      expect(commandsNamed('dropIndexes').map((event) => event.command.index as unknown)).to.deep.equal(['at']);
      if (hasDropIndexes) {
        expect(outcome).to.deep.equal(['ttl_removed']);
        expect(await listed(mongo.db, 'ttl_removed', 'at')).to.not.have.property('expireAfterSeconds');
      } else {
        expect(outcome).to.be.instanceOf(RetentionChangeError);
        expect((outcome as Error).message).to.contain('from 600 s to none');
      }
    });
  });
});
