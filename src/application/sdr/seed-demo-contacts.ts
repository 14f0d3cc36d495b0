import * as E from 'fp-ts/Either';
import type { PersonRepository, SaleRepository } from '../sales/ports';
import type { Clock } from '../shared/ports';
import { demoContact } from './demo-contacts';
import type { GatewayMessageStore, SdrInteractionRepository } from './ports';
import type { GatewayMessageRecord } from '../../domain/sdr/gateway-message';

export interface SeedDemoContactsInput {
  readonly contacts: number;
  /** About this many gateway messages per phone contact (default 10). */
  readonly messagesPerContact?: number;
  readonly seed?: number;
  readonly instance?: string;
  readonly onProgress?: (done: number) => void;
}

export interface SeedDemoContactsOutput {
  readonly contacts: number;
  readonly people: number;
  readonly sales: number;
  readonly interactions: number;
  readonly messages: number;
}

/** Messages written per gateway insert. */
const MESSAGE_BATCH = 1_000;

/** `brokerhub seed-demo --contacts N`: people, sales, SDR interactions and gateway chats for demos and benchmarks. */
export class SeedDemoContacts {
  constructor(
    private readonly people: PersonRepository,
    private readonly sales: SaleRepository,
    private readonly interactions: SdrInteractionRepository,
    private readonly gateway: GatewayMessageStore,
    private readonly clock: Clock,
  ) {}

  async execute(input: SeedDemoContactsInput): Promise<E.Either<never, SeedDemoContactsOutput>> {
    const now = this.clock.now();
    const counts = { contacts: 0, people: 0, sales: 0, interactions: 0, messages: 0 };
    let pending: GatewayMessageRecord[] = [];
    const flush = async (): Promise<void> => {
      if (pending.length === 0) return;
      counts.messages += (await this.gateway.insertMany(pending)).inserted;
      pending = [];
    };
    for (let i = 0; i < input.contacts; i += 1) {
      const contact = demoContact(i, input.seed ?? 1, now, input.messagesPerContact ?? 10, input.instance ?? 'demo');
      if (contact.person !== null) {
        await this.people.saveByCpf(contact.person);
        counts.people += 1;
      }
      for (const sale of contact.sales) await this.sales.insert(sale);
      for (const interaction of contact.interactions) await this.interactions.insert(interaction);
      counts.sales += contact.sales.length;
      counts.interactions += contact.interactions.length;
      pending.push(...contact.messages);
      if (pending.length >= MESSAGE_BATCH) await flush();
      counts.contacts += 1;
      if (counts.contacts % 100 === 0) input.onProgress?.(counts.contacts);
    }
    await flush();
    input.onProgress?.(counts.contacts);
    return E.right(counts);
  }
}
