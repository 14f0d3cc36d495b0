// What the WhatsApp gateway writes while the service runs, written as the gateway writes it: an
// `insertMany` into its own message collection (CONTRACT 8.1), from this process, never through the
// service. The service finds the messages by following the store (CONTRACT 10.1).
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { demoContact } from '../../src/application/sdr/demo/demo-contacts';
import type { GatewayMessageRecord } from '../../src/domain/sdr/gateway-message';

/** The collection seed-demo and the service use by default (GATEWAY_MESSAGES_COLLECTION). */
const COLLECTION = 'gateway_messages';
/** Area code of the new chats: not among seed-demo's, so a new chat is never a seeded contact's. */
const NEW_AREA = '14';

export interface Arrivals {
  readonly messages: number;
  /** Chats the messages go to: half of them seeded contacts' chats, half new phones. */
  readonly chats: number;
  /** The batch number: each batch names other chats and new message ids. */
  readonly batch: number;
  /** The seed-demo part whose chats are the existing ones (its seed and size). */
  readonly seeded: { readonly seed: number; readonly contacts: number; readonly messages: number };
}

/** `arrivals.messages` messages over `arrivals.chats` chats, alternating inbound and outbound, timed now. */
export function arrivingMessages(arrivals: Arrivals, now: Date): GatewayMessageRecord[] {
  const jids: string[] = [];
  // Existing chats: seeded contacts with a chat (web leads have none), a different stretch per batch.
  for (let index = arrivals.batch * arrivals.chats; jids.length < arrivals.chats / 2; index += 1) {
    const jid = demoContact(
      index % arrivals.seeded.contacts,
      arrivals.seeded.seed,
      now,
      arrivals.seeded.messages,
      'demo',
    ).messages[0]?.key.remoteJid;
    if (jid !== undefined) jids.push(jid);
  }
  for (let n = 0; jids.length < arrivals.chats; n += 1)
    jids.push(`55${NEW_AREA}98${String(arrivals.batch * arrivals.chats + n).padStart(7, '0')}@s.whatsapp.net`);
  const seconds = Math.floor(now.getTime() / 1000);
  return Array.from({ length: arrivals.messages }, (_, m) => {
    const fromMe = Math.floor(m / jids.length) % 2 === 1;
    return {
      instance: 'demo',
      key: {
        id: `3EB0${randomBytes(8).toString('hex').toUpperCase()}`,
        remoteJid: jids[m % jids.length] as string,
        fromMe,
      },
      pushName: fromMe ? 'Corretora Demo' : 'Cliente Novo',
      messageType: 'conversation',
      message: { conversation: fromMe ? 'Olá! Aqui é da corretora, tudo bem?' : 'Oi, quero uma cotação' },
      messageTimestamp: seconds - arrivals.messages + m,
    };
  });
}

/** The gateway's writer: its own client on the dataset's database. */
export async function gatewayWriter(
  uri: string,
): Promise<{ write(records: readonly GatewayMessageRecord[]): Promise<number>; close(): Promise<void> }> {
  // Polling: jongodb has no streaming health check (see connectMongo).
  const client = new MongoClient(uri, { serverMonitoringMode: 'poll' });
  await client.connect();
  const messages = client.db().collection(COLLECTION);
  return {
    async write(records) {
      const result = await messages.insertMany(
        records.map((r) => ({ ...r })),
        { ordered: false },
      );
      return result.insertedCount;
    },
    close: () => client.close(),
  };
}
