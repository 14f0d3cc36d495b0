import { randomUUID } from 'node:crypto';
import type { Cpf } from '../../../../src/domain/shared/cpf';
import type { Db } from 'mongodb';
import { assistantAreaIndexes } from '../../../../src/adapters/mongo/assistant/indexes';
import { MongoChatRepository } from '../../../../src/adapters/mongo/assistant/mongo-chat-repository';
import { MongoChatMessagesHolding } from '../../../../src/adapters/mongo/assistant/privacy/chat-messages-holding';
import { policiesAreaIndexes } from '../../../../src/adapters/mongo/policies/indexes';
import { MongoPolicyPersonDirectory } from '../../../../src/adapters/mongo/policies/mongo-policy-person-directory';
import { MongoPolicyRepository } from '../../../../src/adapters/mongo/policies/mongo-policy-repository';
import { MongoPoliciesHolding } from '../../../../src/adapters/mongo/policies/privacy/policies-holding';
import { DEFAULT_GATEWAY_MESSAGES } from '../../../../src/adapters/mongo/sdr/gateway-messages-collection';
import { gatewayStoreIndexes } from '../../../../src/adapters/mongo/sdr/indexes';
import { MongoGatewayMessagesHolding } from '../../../../src/adapters/mongo/sdr/privacy/sdr-holdings';
import { ensureIndexes } from '../../../../src/adapters/mongo/shared/collection-indexes';
import { newChatSession } from '../../../../src/domain/assistant/chat';
import { subjectOf } from '../../../../src/application/shared/privacy/subject';
import { holdingReaderContract } from '../../../support/contracts/holding-reader-contract';
import { storedPolicy } from '../../../support/contracts/policy-repository-contract';
import { InMemoryHolding } from '../../../support/fakes/in-memory-holding';
import { useTestDatabase } from '../../../support/mongo';
import { freshSalesDatabase } from '../../../support/sales-fixtures';

const CPF = '52998224725';
const OTHER_CPF = '11144477735';
const PHONE = '5521999990000';
const OTHER_PHONE = '5511988887777';

describe('HoldingReader contract (CONTRACT 12.1)', () => {
  describe('in memory (the fake)', () => {
    holdingReaderContract(async () => {
      const store = new InMemoryHolding();
      return {
        reader: store,
        subject: subjectOf({ kind: 'cpf', value: CPF }),
        other: subjectOf({ kind: 'cpf', value: OTHER_CPF }),
        seed: async () => {
          store.records.push({ cpf: CPF }, { cpf: CPF, email: 'a@example.com' }, { cpf: OTHER_CPF });
        },
      };
    });
  });

  describe('MongoDB', () => {
    const mongo = useTestDatabase();
    const fresh = async (): Promise<Db> => {
      const db = await freshSalesDatabase(mongo());
      await ensureIndexes(db, [...policiesAreaIndexes, ...assistantAreaIndexes, ...gatewayStoreIndexes]);
      return db;
    };

    describe('policies', () => {
      holdingReaderContract(async () => {
        const db = await fresh();
        const policies = new MongoPolicyRepository(db);
        return {
          reader: new MongoPoliciesHolding(db, new MongoPolicyPersonDirectory(db)),
          subject: subjectOf({ kind: 'cpf', value: CPF }),
          other: subjectOf({ kind: 'cpf', value: OTHER_CPF }),
          seed: async () => {
            for (const cpf of [CPF, CPF, OTHER_CPF] as Cpf[]) await policies.insert(storedPolicy({ cpf }));
          },
        };
      });
    });

    describe('gatewayMessages (both spellings of a mobile: with and without its ninth digit)', () => {
      holdingReaderContract(async () => {
        const db = await fresh();
        const message = (jid: string) => ({
          instance: 'main',
          key: { id: randomUUID(), remoteJid: jid, fromMe: false },
          messageType: 'conversation',
          message: { conversation: 'oi' },
          messageTimestamp: 1_767_000_000,
        });
        return {
          reader: new MongoGatewayMessagesHolding(db, DEFAULT_GATEWAY_MESSAGES),
          subject: subjectOf({ kind: 'phone', value: PHONE }),
          other: subjectOf({ kind: 'phone', value: OTHER_PHONE }),
          seed: async () => {
            await db
              .collection(DEFAULT_GATEWAY_MESSAGES)
              .insertMany([
                message('552199990000@s.whatsapp.net'),
                message(`${PHONE}@s.whatsapp.net`),
                message(`${OTHER_PHONE}@c.us`),
              ]);
          },
        };
      });
    });

    describe('chatMessages (the personal tokens stored at write time)', () => {
      holdingReaderContract(async () => {
        const db = await fresh();
        const chats = new MongoChatRepository(db);
        const at = new Date('2026-03-01T12:00:00Z');
        return {
          reader: new MongoChatMessagesHolding(db),
          subject: subjectOf({ kind: 'phone', value: PHONE }),
          other: subjectOf({ kind: 'email', value: 'other@example.com' }),
          seed: async () => {
            const session = newChatSession({ id: randomUUID(), userId: 'u1', at });
            await chats.insertSession(session);
            const texts = ['ligar (21) 99999-0000', 'whatsapp 21 9999-0000 amanhã', 'e-mail OTHER@example.com'];
            for (const content of texts)
              await chats.appendOwnedMessage(
                'u1',
                { id: randomUUID(), sessionId: session.id, role: 'user', content, metadata: null },
                at,
              );
          },
        };
      });
    });
  });
});
