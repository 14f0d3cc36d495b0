/**
 * The property of issue 24 (CONTRACT 10.1): whatever interleaving of writes the sources see, the
 * answers read from the SDR read models equal the answers of the whole-store oracle
 * (test/support/sdr-oracle.ts). The writes go through the product's own paths: SDR interactions
 * through CreateSdrInteraction / UpdateSdrStatus with the ContactChanges hook, persons and sales through
 * CreateManualSale / UpdateSaleStatus with the PersonChanges hook, gateway messages straight into the
 * store (the gateway writes it, this service only reads it) and then the follower: its catch-up (also
 * run by every list and KPI answer), its safety window (`settle`) for a record inserted late with an
 * older `_id`, and the reconciling sweep (`rebuild`) for deletes and changes in place.
 *
 * Time is one manual clock: the use cases' clock, the follower's, and the writer's clock the gateway
 * records' ObjectIds are made of, so a run replays exactly from its seed.
 */
import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import fc from 'fast-check';
import { ObjectId } from 'mongodb';
import { GetSdrKpi } from '../../src/application/kpi/get-sdr-kpi';
import { GetSdrTrending } from '../../src/application/kpi/get-sdr-trending';
import { GetSubscriptionLeads } from '../../src/application/kpi/get-subscription-leads';
import { CreateManualSale } from '../../src/application/sales/create-manual-sale';
import type { PersonRepository, SaleRepository, VendorRepository } from '../../src/application/sales/ports';
import { UpdateSaleStatus } from '../../src/application/sales/update-sale-status';
import { CreateSdrInteraction, type CreateSdrInteractionInput } from '../../src/application/sdr/create-sdr-interaction';
import { ListSdrContacts, type ListSdrContactsInput } from '../../src/application/sdr/list-sdr-contacts';
import { ListSdrSessions, type ListSdrSessionsInput } from '../../src/application/sdr/list-sdr-sessions';
import type { SaleQualificationSync, SdrPersonDirectory } from '../../src/application/sdr/ports';
import { UpdateSdrStatus } from '../../src/application/sdr/update-sdr-status';
import type { ChatReadModel, ContactReadModel, FollowerStateStore } from '../../src/application/sdr/read-model-ports';
import type { PersonChanges } from '../../src/application/shared/ports';
import { UuidIdGenerator } from '../../src/adapters/system/uuid-id-generator';
import type { LocalDate } from '../../src/domain/kpi/local-days';
import { resolvePeriod, type DateBound, type KpiPeriod } from '../../src/domain/kpi/period';
import { parseDateOnly } from '../../src/domain/shared/parsers';
import { SALE_EVENTS, type SaleEventName } from '../../src/domain/sales/sale';
import type { Cpf } from '../../src/domain/shared/cpf';
import { parseIdentifier } from '../../src/domain/sdr/identifier';
import { SDR_CHANNELS, SDR_STATUSES, type SdrStatus, type WebSessionId } from '../../src/domain/sdr/interaction';
import type { CanonicalPhone } from '../../src/domain/shared/phone';
import type { Contact } from '../../src/domain/sdr/contact';
import { ManualClock } from './fakes/fixed-clock';
import { validCpf } from './sales-fixtures';
import {
  answerContacts,
  oracleSdrKpi,
  oracleSdrTrending,
  oracleSessions,
  oracleSubscriptionLeads,
  streamContacts,
  type OracleSources,
} from './sdr-oracle';
import { readSideOver, type ReadSide } from './sdr-read-side';

/** What one run works on: the source stores, the read-model stores, and the gateway's own writes. */
export interface PropertyWorld {
  readonly sources: OracleSources;
  readonly people: PersonRepository & SdrPersonDirectory;
  readonly sales: SaleRepository;
  readonly vendors: VendorRepository;
  readonly qualifications: SaleQualificationSync;
  readonly stores: {
    readonly contacts: ContactReadModel;
    readonly chats: ChatReadModel;
    readonly state: FollowerStateStore;
  };
  /** Inserts records into the gateway's store as the gateway does (each with its `_id`). */
  insertGateway(docs: readonly Record<string, unknown>[]): Promise<void>;
  /** The gateway deletes its record of this message id. */
  deleteGateway(messageId: string): Promise<void>;
  /** The gateway changes its record of this message id in place (same `_id`). */
  changeGateway(messageId: string, set: Record<string, unknown>): Promise<void>;
}

const BASE = new Date('2026-03-01T12:00:00.000Z');
const BASE_SEC = BASE.getTime() / 1000;
const HOUR = 3_600_000;
/** The follower's safety window in the property (small: a late insert is re-read a minute after its position). */
export const LATE_WINDOW_MS = 60_000;

// Brazilian phones: the legacy 8-digit spelling of a mobile is the same contact; a landline and a
// mobile of the same digits are two contacts sharing one match key (1133334444).
const PHONES = ['5511987654321', '551133334444', '5511933334444', '5521999998888', '5531988887777'] as const;
const JIDS = [
  '5511987654321@s.whatsapp.net',
  '551187654321@s.whatsapp.net',
  '5511987654321@c.us',
  '551133334444@s.whatsapp.net',
  '5511933334444@s.whatsapp.net',
  '5521999998888@s.whatsapp.net',
  '14155550100@s.whatsapp.net',
  '120363000000000000@g.us',
] as const;
const INSTANCES = ['main', 'other'] as const;
const SESSIONS = [
  'web-0f8fad5b-d9cb-469f-a165-708677289501',
  'web-0f8fad5b-d9cb-469f-a165-708677289502',
  'web-0f8fad5b-d9cb-469f-a165-708677289503',
] as const;
const NAMES = [
  'Ana Souza',
  'ana souza',
  'Ána Souza',
  'João da Silva',
  'Joao Pedro',
  'Zé Carlos',
  'Bárbara Nóbrega',
  'Çécile Dupont',
  'Maria-José Pinto',
  'Lúcia  Reis',
  'Öscar Müller',
  'Íris',
] as const;
const CPFS = [1, 2, 3].map((n) => validCpf(n * 7_919));

type Op =
  | {
      readonly kind: 'create';
      readonly phone: number | null;
      readonly session: number | null;
      readonly channel: number;
      readonly result: number;
      readonly converted: boolean;
      readonly name: number | null;
      readonly cpf: number | null;
      readonly advance: number;
    }
  | {
      readonly kind: 'status';
      readonly phone: number | null;
      readonly cpf: number;
      readonly status: number;
      readonly advance: number;
    }
  | {
      readonly kind: 'sale';
      readonly cpf: number;
      readonly name: number;
      readonly mobile: number | null;
      readonly residential: number | null;
      readonly advance: number;
    }
  | { readonly kind: 'saleStatus'; readonly sale: number; readonly event: number; readonly advance: number }
  | {
      readonly kind: 'messages';
      readonly messages: readonly Message[];
      readonly catchUp: boolean;
      readonly advance: number;
    }
  | { readonly kind: 'late'; readonly messages: readonly Message[]; readonly back: number; readonly sweep: boolean }
  | { readonly kind: 'delete'; readonly pick: number }
  | {
      readonly kind: 'change';
      readonly pick: number;
      readonly at: number | null;
      readonly pushName: number | null;
      readonly text: string | null;
    }
  | { readonly kind: 'sweep' };

interface Message {
  readonly jid: number;
  readonly instance: number;
  readonly fromMe: boolean;
  /** null: no pushName; -1: a blank one. */
  readonly pushName: number | null;
  /** Six-hour steps from BASE: coarse, so messages of one chat share a second. */
  readonly at: number;
  readonly text: string;
}

const index = (n: number) => fc.integer({ min: 0, max: n - 1 });
const advance = fc.integer({ min: 0, max: 30 * 60 }).map((minutes) => minutes * 60_000);
const message: fc.Arbitrary<Message> = fc.record({
  jid: index(JIDS.length),
  instance: fc.constantFrom(0, 0, 1),
  fromMe: fc.boolean(),
  pushName: fc.option(fc.integer({ min: -1, max: NAMES.length - 1 })),
  at: fc.integer({ min: -4, max: 24 }),
  text: fc.constantFrom('oi', 'olá!', 'Bom dia', ''),
});

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      phone: fc.option(index(PHONES.length), { freq: 4 }),
      session: fc.option(index(SESSIONS.length)),
      channel: index(SDR_CHANNELS.length),
      result: index(SDR_STATUSES.length),
      converted: fc.boolean(),
      name: fc.option(index(NAMES.length)),
      cpf: fc.option(index(CPFS.length), { freq: 3 }),
      advance,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      phone: fc.option(index(PHONES.length), { freq: 4 }),
      cpf: index(CPFS.length),
      status: index(SDR_STATUSES.length),
      advance,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      cpf: index(CPFS.length),
      name: index(NAMES.length),
      mobile: fc.option(index(PHONES.length)),
      residential: fc.option(index(PHONES.length)),
      advance,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('saleStatus' as const),
      sale: fc.nat(),
      event: index(SALE_EVENTS.length),
      advance,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('messages' as const),
      messages: fc.array(message, { minLength: 1, maxLength: 4 }),
      catchUp: fc.boolean(),
      advance,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('late' as const),
      messages: fc.array(message, { minLength: 1, maxLength: 2 }),
      back: fc.integer({ min: 0, max: 1_000 }),
      sweep: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('change' as const),
      pick: fc.nat(),
      at: fc.option(fc.integer({ min: -4, max: 24 })),
      pushName: fc.option(index(NAMES.length)),
      text: fc.option(fc.constantFrom('editada', 'apagada')),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('sweep' as const) }) },
);

/** Sequences of writes, at most `maxLength` long. */
export const operations = (maxLength: number): fc.Arbitrary<Op[]> => fc.array(op, { minLength: 1, maxLength });

const periodOf = (
  from: DateBound | Date,
  to: DateBound | Date,
  now: Date,
  timeZone = 'America/Sao_Paulo',
): KpiPeriod => {
  const bound = (b: DateBound | Date): DateBound => (b instanceof Date ? { kind: 'instant', at: b } : b);
  const result = resolvePeriod({ timeZone, dateFrom: bound(from), dateTo: bound(to) }, now);
  if (!('period' in result)) throw new Error('refused period');
  return result.period;
};

const day = (iso: string): DateBound => ({ kind: 'day', date: parseDateOnly(iso) as LocalDate });
const ODD = 7 * 60_000 + 13_000;

/**
 * The KPI periods every run checks: instants on the hour and cut inside a 15-minute bucket, local days
 * of zones with offsets of 30 and 45 minutes and with daylight saving (CONTRACT 8.3; the chats' KPI
 * facts are 15-minute buckets, issue 35).
 */
function kpiPeriods(now: Date): KpiPeriod[] {
  const t = (hours: number, extra = 0) => new Date(BASE.getTime() + hours * HOUR + extra);
  return [
    periodOf(t(-48), t(72), now),
    periodOf(t(24), t(240), now),
    periodOf(t(30), t(31), now),
    periodOf(t(-1, ODD), t(2, ODD), now, 'UTC'),
    periodOf(t(5, -ODD), t(29, ODD), now, 'America/St_Johns'),
    periodOf(day('2026-02-27'), day('2026-03-04'), now, 'Asia/Kolkata'),
    periodOf(day('2026-02-28'), day('2026-03-03'), now, 'Asia/Kathmandu'),
    periodOf(day('2026-02-28'), day('2026-03-10'), now, 'America/New_York'),
    periodOf(day('2026-03-01'), t(50, ODD), now, 'Australia/Lord_Howe'),
  ];
}

const CONTACT_QUERIES: readonly ListSdrContactsInput[] = [
  { filter: {}, sortBy: 'lastInteraction', sortOrder: 'desc', page: 1, limit: 50 },
  { filter: {}, sortBy: 'name', sortOrder: 'asc', page: 1, limit: 3 },
  { filter: {}, sortBy: 'name', sortOrder: 'desc', page: 2, limit: 3 },
  { filter: { status: 'active' }, sortBy: 'messageCount', sortOrder: 'desc', page: 1, limit: 50 },
  { filter: { registered: true, qualified: false }, sortBy: 'firstInteraction', sortOrder: 'asc', page: 1, limit: 50 },
  { filter: { qualified: true }, sortBy: 'interactionCount', sortOrder: 'desc', page: 1, limit: 50 },
  { filter: { search: '(11) 9' }, sortBy: 'lastInteraction', sortOrder: 'asc', page: 1, limit: 50 },
  { filter: { search: 'WEB-0F8' }, sortBy: 'name', sortOrder: 'asc', page: 1, limit: 50 },
  {
    filter: { dateFrom: BASE, dateTo: new Date(BASE.getTime() + 3 * 24 * HOUR), status: 'inactive' },
    sortBy: 'lastInteraction',
    sortOrder: 'desc',
    page: 1,
    limit: 50,
  },
];

const SESSION_QUERIES: readonly ListSdrSessionsInput[] = [
  { page: 1, limit: 100 },
  { page: 2, limit: 3 },
  { page: 1, limit: 100, instance: 'other' },
  { page: 1, limit: 100, dateFrom: BASE, dateTo: new Date(BASE.getTime() + 2 * 24 * HOUR) },
  { page: 1, limit: 2, instance: 'main', dateFrom: new Date(BASE.getTime() - 12 * HOUR) },
];

export interface PropertyOptions {
  /**
   * Leaves one source's refresh out (the property must then fail): the hook after person and sale writes does nothing.
   */
  readonly skip?: 'persons';
  /** Operations per run. */
  readonly maxLength?: number;
}

/**
 * A run: a fresh world, the models built on it (empty), the operations, then every answer compared with the oracle's.
 */
export function readModelsProperty(makeWorld: () => Promise<PropertyWorld>, options: PropertyOptions = {}) {
  return fc.asyncProperty(operations(options.maxLength ?? 8), async (ops) => {
    const world = await makeWorld();
    const run = new Run(world, options);
    await run.side.follower.catchUp();
    for (const o of ops) await run.apply(o);
    await run.check();
  });
}

class Run {
  readonly clock = new ManualClock(BASE);
  readonly side: ReadSide;
  private readonly ids = new UuidIdGenerator();
  private readonly saleIds: string[] = [];
  private readonly messageIds: string[] = [];
  private counter = 0;
  private readonly create: CreateSdrInteraction;
  private readonly status: UpdateSdrStatus;
  private readonly manualSale: CreateManualSale;
  private readonly saleStatus: UpdateSaleStatus;

  constructor(
    private readonly world: PropertyWorld,
    options: PropertyOptions,
  ) {
    this.side = readSideOver(world.sources, world.stores, {
      holder: 'property',
      now: () => this.clock.now(),
      lateWindowMs: LATE_WINDOW_MS,
      sleep: async () => undefined,
    });
    const personChanges: PersonChanges =
      options.skip === 'persons' ? { personsChanged: async () => undefined } : this.side.personChanges;
    const { interactions } = world.sources;
    this.create = new CreateSdrInteraction(
      interactions,
      world.people,
      world.qualifications,
      this.clock,
      this.ids,
      undefined,
      this.side.contactChanges,
    );
    this.status = new UpdateSdrStatus(
      interactions,
      world.people,
      world.qualifications,
      this.clock,
      this.side.contactChanges,
    );
    this.manualSale = new CreateManualSale(
      world.sales,
      world.people,
      world.vendors,
      this.clock,
      this.ids,
      personChanges,
    );
    this.saleStatus = new UpdateSaleStatus(world.sales, this.clock, personChanges);
  }

  /** An ObjectId of the writer's clock: `seconds`, then a counter (unique, increasing within a second). */
  private objectId(seconds: number): ObjectId {
    this.counter += 1;
    return new ObjectId(
      `${Math.floor(seconds).toString(16).padStart(8, '0')}${this.counter.toString(16).padStart(16, '0')}`,
    );
  }

  private record(m: Message, id: ObjectId): Record<string, unknown> {
    const key = `M${this.counter}`;
    this.messageIds.push(key);
    const pushName = m.pushName === null ? {} : { pushName: m.pushName === -1 ? '  ' : NAMES[m.pushName] };
    return {
      _id: id,
      instance: INSTANCES[m.instance],
      key: { id: key, remoteJid: JIDS[m.jid], fromMe: m.fromMe },
      ...pushName,
      messageType: 'conversation',
      message: { conversation: m.text },
      messageTimestamp: BASE_SEC + m.at * 6 * 3_600,
    };
  }

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  async apply(o: Op): Promise<void> {
    switch (o.kind) {
      case 'create': {
        const phone = o.phone === null ? undefined : (PHONES[o.phone] as CanonicalPhone);
        const sessionId = o.session === null ? undefined : (SESSIONS[o.session] as WebSessionId);
        const contact =
          phone !== undefined
            ? { phone, ...(sessionId === undefined ? {} : { sessionId }) }
            : { sessionId: sessionId ?? (SESSIONS[0] as WebSessionId) };
        const input: CreateSdrInteractionInput = {
          ...contact,
          channel: SDR_CHANNELS[o.channel] ?? 'whatsapp',
          result: SDR_STATUSES[o.result] ?? 'no_response',
          convertedToLead: o.converted,
          ...(o.name === null ? {} : { name: NAMES[o.name] }),
          ...(o.cpf === null || phone === undefined ? {} : { cpf: CPFS[o.cpf] as Cpf }),
        };
        await this.create.execute(input);
        this.clock.advance(o.advance);
        return;
      }
      case 'status': {
        const identifier =
          o.phone === null
            ? parseIdentifier('cpf', CPFS[o.cpf] as string)
            : parseIdentifier('phone', PHONES[o.phone] as string);
        if (E.isLeft(identifier)) throw new Error('a fixture identifier does not parse');
        await this.status.execute({ identifier: identifier.right, status: SDR_STATUSES[o.status] as SdrStatus });
        this.clock.advance(o.advance);
        return;
      }
      case 'sale': {
        const result = await this.manualSale.execute({
          sale: { sellerId: 'S-1', sellerName: 'Carla Vendas' },
          person: {
            fullName: NAMES[o.name] as string,
            cpf: CPFS[o.cpf] as string,
            mobile: o.mobile === null ? null : PHONES[o.mobile],
            residentialPhone: o.residential === null ? null : PHONES[o.residential],
          },
        });
        if (E.isRight(result)) this.saleIds.push(result.right.sale.id);
        this.clock.advance(o.advance);
        return;
      }
      case 'saleStatus': {
        if (this.saleIds.length === 0) return;
        await this.saleStatus.execute({
          saleId: this.saleIds[o.sale % this.saleIds.length] as string,
          event: SALE_EVENTS[o.event] as SaleEventName,
        });
        this.clock.advance(o.advance);
        return;
      }
      case 'messages': {
        // Written now, by the writer's clock: after every position the follower has seen.
        await this.world.insertGateway(o.messages.map((m) => this.record(m, this.objectId(this.nowSeconds()))));
        if (o.catchUp) await this.side.follower.catchUp();
        this.clock.advance(o.advance + 1_000);
        return;
      }
      case 'late': {
        await this.late(o);
        return;
      }
      case 'delete': {
        if (this.messageIds.length === 0) return;
        const [id] = this.messageIds.splice(o.pick % this.messageIds.length, 1);
        await this.world.deleteGateway(id as string);
        await this.side.follower.rebuild();
        return;
      }
      case 'change': {
        if (this.messageIds.length === 0) return;
        const set: Record<string, unknown> = {};
        if (o.at !== null) set.messageTimestamp = BASE_SEC + o.at * 6 * 3_600;
        if (o.pushName !== null) set.pushName = NAMES[o.pushName];
        if (o.text !== null) set.message = { conversation: o.text };
        await this.world.changeGateway(this.messageIds[o.pick % this.messageIds.length] as string, set);
        await this.side.follower.rebuild();
        return;
      }
      case 'sweep': {
        await this.side.follower.rebuild();
        return;
      }
    }
  }

  /**
   * Records inserted with an `_id` older than the follower's head, by another writer's clock. Either
   * within the safety window (after the settled mark: `settle` re-reads them once the window has
   * passed) or older than that (only the reconciling sweep finds them).
   */
  private async late(o: Extract<Op, { kind: 'late' }>): Promise<void> {
    const position = await this.world.stores.state.read();
    const settledSec =
      position?.settled === null || position?.settled === undefined ? 0 : parseInt(position.settled.slice(0, 8), 16);
    const nowSec = this.nowSeconds();
    const newestInWindow = nowSec - 1;
    const oldestInWindow = settledSec + 1;
    const inWindow = !o.sweep && oldestInWindow <= newestInWindow;
    const seconds = inWindow
      ? newestInWindow - (o.back % (newestInWindow - oldestInWindow + 1))
      : Math.max(1, Math.min(settledSec, nowSec) - o.back);
    await this.world.insertGateway(o.messages.map((m) => this.record(m, this.objectId(seconds))));
    if (inWindow) {
      // The window passes; serve's timer runs `settle`.
      this.clock.advance(LATE_WINDOW_MS + 1_000);
      await this.side.follower.settle();
    } else {
      await this.side.follower.rebuild();
    }
  }

  /** Every answer from the read models equals the oracle's. */
  async check(): Promise<void> {
    const { sources } = this.world;
    const now = this.clock.now();
    const { contacts, chats, follower } = this.side;
    const listContacts = new ListSdrContacts(contacts, follower, this.clock);
    // The models answer first: their catch-up folds in what the follower has not seen yet.
    const answers: Awaited<ReturnType<ListSdrContacts['execute']>>[] = [];
    for (const query of CONTACT_QUERIES) answers.push(await listContacts.execute(query));
    const book: Contact[] = [];
    for await (const contact of streamContacts(sources)) book.push(contact);
    CONTACT_QUERIES.forEach((query, i) => {
      expect(answers[i], `contacts ${JSON.stringify(query)}`).to.deep.equal(E.right(answerContacts(book, now, query)));
    });
    const listSessions = new ListSdrSessions(chats, follower, sources.gateway, sources.directory);
    for (const query of SESSION_QUERIES) {
      expect(await listSessions.execute(query), `sessions ${JSON.stringify(query)}`).to.deep.equal(
        E.right(await oracleSessions(sources, query)),
      );
    }
    const funnelSources = {
      interactions: sources.interactions,
      gateway: sources.gateway,
      contacts,
      chats,
      freshness: follower,
    };
    const periods = kpiPeriods(now);
    for (const period of periods) {
      const label = `${period.from.toISOString()}..${period.to.toISOString()} ${period.timeZone}`;
      expect(await new GetSdrKpi(funnelSources).execute({ period }), `kpi ${label}`).to.deep.equal(
        E.right(await oracleSdrKpi(sources, period)),
      );
      expect(await new GetSdrTrending(funnelSources).execute({ period }), `trending ${label}`).to.deep.equal(
        E.right(await oracleSdrTrending(sources, period)),
      );
      expect(
        await new GetSubscriptionLeads({ contacts, freshness: follower }).execute({ period }),
        `subscription leads ${label}`,
      ).to.deep.equal(E.right(await oracleSubscriptionLeads(sources, period)));
    }
  }
}
