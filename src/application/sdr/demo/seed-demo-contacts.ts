import * as E from 'fp-ts/Either';
import type { Person, Sale } from '../../../domain/sales/sale';
import type { GatewayMessageRecord } from '../../../domain/sdr/gateway-message';
import type { SdrInteraction } from '../../../domain/sdr/interaction';
import type { Clock } from '../../shared/ports';
import { contactKeyOfInteraction } from '../../../domain/sdr/contact';
import { DEMO_WINDOW_MS, demoContact } from './demo-contacts';
import type { DemoDataSink, GatewayMessageWriter } from '../ports';
import type { ContactChanges } from '../read-model-ports';

export interface SeedDemoContactsInput {
  readonly contacts: number;
  /** About this many gateway messages per phone contact (default 10). */
  readonly messagesPerContact?: number;
  readonly seed?: number;
  readonly instance?: string;
  /**
   * Every timestamp of a contact lies in this many days before the window's end (default 60, at least
   * 4: a contact's timeline spans up to three days). Benchmarks seed a dataset all in a KPI period.
   */
  readonly windowDays?: number;
  /** The window ends this many days before now (default 0): a history older than a KPI period. */
  readonly endDaysAgo?: number;
  /** Contacts written per round of inserts (default CONTACT_BATCH). */
  readonly batchContacts?: number;
  readonly onProgress?: (done: number) => void;
}

export interface SeedDemoContactsOutput {
  readonly contacts: number;
  readonly people: number;
  readonly sales: number;
  readonly interactions: number;
  readonly messages: number;
}

const DAY_MS = 86_400_000;

/** Contacts written per round of inserts by default (people, sales, interactions, then their messages). */
const CONTACT_BATCH = 200;

/** `brokerhub seed-demo --contacts N`: people, sales, SDR interactions and gateway chats for demos and benchmarks. */
export class SeedDemoContacts {
  constructor(
    private readonly sink: DemoDataSink,
    private readonly gateway: GatewayMessageWriter,
    private readonly clock: Clock,
    /**
     * The read models the seeded contacts and chats are in (CONTRACT 10.1); absent in unit tests of the write alone.
     */
    private readonly readModels?: ContactChanges,
  ) {}

  async execute(input: SeedDemoContactsInput): Promise<E.Either<never, SeedDemoContactsOutput>> {
    const now = new Date(this.clock.now().getTime() - (input.endDaysAgo ?? 0) * DAY_MS);
    const windowMs = input.windowDays === undefined ? DEMO_WINDOW_MS : input.windowDays * DAY_MS;
    const counts = { contacts: 0, people: 0, sales: 0, interactions: 0, messages: 0 };
    let people: Person[] = [];
    let sales: Sale[] = [];
    let interactions: SdrInteraction[] = [];
    let messages: GatewayMessageRecord[] = [];
    const flush = async (): Promise<void> => {
      await this.sink.insertPeople(people);
      await this.sink.insertSales(sales);
      await this.sink.insertInteractions(interactions);
      counts.messages += messages.length === 0 ? 0 : (await this.gateway.insertMany(messages)).inserted;
      await this.readModels?.chatsChanged(
        messages.map((m) => ({ instance: m.instance, remoteJid: m.key.remoteJid })),
        interactions.map(contactKeyOfInteraction),
      );
      counts.people += people.length;
      counts.sales += sales.length;
      counts.interactions += interactions.length;
      [people, sales, interactions, messages] = [[], [], [], []];
      input.onProgress?.(counts.contacts);
    };
    for (let i = 0; i < input.contacts; i += 1) {
      const contact = demoContact(
        i,
        input.seed ?? 1,
        now,
        input.messagesPerContact ?? 10,
        input.instance ?? 'demo',
        windowMs,
      );
      if (contact.person !== null) people.push(contact.person);
      sales.push(...contact.sales);
      interactions.push(...contact.interactions);
      messages.push(...contact.messages);
      counts.contacts += 1;
      if (counts.contacts % (input.batchContacts ?? CONTACT_BATCH) === 0) await flush();
    }
    await flush();
    return E.right(counts);
  }
}
