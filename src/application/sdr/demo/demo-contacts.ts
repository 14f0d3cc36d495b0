/**
 * Realistic Brazilian demo data for the SDR lists (demos and benchmarks): names, +55 mobiles with real
 * area codes, CPFs with valid check digits, Mercosul plates, WhatsApp chats in the gateway's record
 * shape. Deterministic for a seed, so two runs with the same arguments make the same data.
 */
import type { Person, Sale, Vehicle } from '../../../domain/sales/sale';
import { NEW_DELIVERY_STATE, NO_PERSON_DETAILS } from '../../../domain/sales/sale';
import { phoneMatchKey, type CanonicalPhone } from '../../../domain/shared/phone';
import type { GatewayMessageRecord } from '../../../domain/sdr/gateway-message';
import { conversionTimeAfterWrite, SDR_STATUSES, type SdrInteraction } from '../../../domain/sdr/interaction';
import { cpfOfIndex, demoPlate, pick, seededRandom, uuidFrom } from './demo-draws';
import { AREA_CODES, CARS, COLORS, FIRST, INBOUND, LAST, OUTBOUND } from './demo-vocabulary';

export interface DemoContact {
  readonly person: Person | null;
  readonly sales: readonly Sale[];
  readonly interactions: readonly SdrInteraction[];
  readonly messages: readonly GatewayMessageRecord[];
}

const DAY_MS = 86_400_000;
/**
 * Every timestamp of the demo data lies in the last 60 days (the KPI periods a newcomer looks at first), unless asked
 * for another window.
 */
export const DEMO_WINDOW_MS = 60 * DAY_MS;
/** The narrowest window a contact's whole timeline (a sale three days after its start) fits in. */
export const MIN_DEMO_WINDOW_MS = 4 * DAY_MS;
/** The newest timestamp is at least this long before `now`. */
const DEMO_MARGIN_MS = 60_000;
/** A sale is created this long after its contact started. */
const SALE_AFTER_MS = 3 * DAY_MS;
/** The first SDR interaction of a phone contact is this long after the contact started. */
const INTERACTION_AFTER_MS = 60_000;

/**
 * Contact number `index`: about 70 % were worked by the SDR team (an interaction, some converted), one in
 * twenty is a web-chat lead (interaction only), a third bought (a person with CPF and a sale); every
 * phone contact has a WhatsApp chat of about `messages` messages. Every timestamp (the person, the sale
 * three days after the start, the interaction and its update up to two days later, each message) lies
 * in the last 60 days before `now` (`windowMs`, at least MIN_DEMO_WINDOW_MS): the contact's whole
 * timeline is laid out first, then placed at a seeded point of the window where all of it fits.
 */
export function demoContact(
  index: number,
  seed: number,
  now: Date,
  messages: number,
  instance: string,
  windowMs: number = DEMO_WINDOW_MS,
): DemoContact {
  const random = seededRandom(seed * 1_000_003 + index);
  const first = pick(random, FIRST);
  const fullName = `${first} ${pick(random, LAST)} ${pick(random, LAST)}`;
  const [brand, model] = pick(random, CARS);
  const plate = demoPlate(random);
  const placement = random();
  const worked = random() < 0.7;
  const web = random() < 0.05;
  const bought = random() < 0.33;
  const count = Math.max(1, messages + Math.round((random() - 0.5) * 4));
  // Seconds between messages; at most 1000 messages (seed-demo's bound) of at most ~1 h each fit.
  const gaps = Array.from({ length: count }, () => 30 + Math.floor(random() * 3_600));
  const updatedAfter = Math.floor(random() * 2 * DAY_MS);
  const chatSpan = gaps.reduce((a, b) => a + b, 0) * 1000;
  const span = Math.max(SALE_AFTER_MS, INTERACTION_AFTER_MS + updatedAfter, chatSpan);
  const room = Math.max(0, Math.max(windowMs, MIN_DEMO_WINDOW_MS) - DEMO_MARGIN_MS - span);
  const startedAt = new Date(now.getTime() - DEMO_MARGIN_MS - span - Math.floor(placement * room));
  if (web) return webLead(random, startedAt, updatedAfter);
  const phone = demoMobile(random, index, seed);
  const personId = uuidFrom(random);
  const person: Person | null = bought
    ? { ...minimalPerson(personId, fullName, phone, startedAt), ...buyerDetails(random, first, index, seed) }
    : worked
      ? minimalPerson(personId, random() < 0.5 ? fullName : '', phone, startedAt)
      : null;
  const at = (n: number) => new Date(startedAt.getTime() + n);
  const interactions =
    worked && person !== null
      ? [interaction(random, person.id, phone, null, at(INTERACTION_AFTER_MS), updatedAfter)]
      : [];
  const vehicle = demoVehicle(random, brand, model);
  const sales = bought && person !== null ? [demoSale(random, person.id, vehicle, at(SALE_AFTER_MS))] : [];
  const jid = `${random() < 0.2 ? `55${phone.slice(2, 4)}${phone.slice(5)}` : phone}@s.whatsapp.net`;
  const chat = demoChat(random, { instance, jid, first, car: `${brand} ${model}`, plate, startedAt, gaps });
  return { person, sales, interactions, messages: chat };
}

/** One in twenty contacts is a web-chat lead: a person without a name or phone, and its interaction. */
function webLead(random: () => number, startedAt: Date, updatedAfter: number): DemoContact {
  const personId = uuidFrom(random);
  const person = minimalPerson(personId, '', null, startedAt);
  const session = `web-${uuidFrom(random)}`;
  return {
    person,
    sales: [],
    interactions: [interaction(random, personId, null, session, startedAt, updatedAfter)],
    messages: [],
  };
}

/**
 * 9 + a digit 6-9 + 7 digits: a mobile whose legacy 8-digit form (some WhatsApp ids) is also valid.
 * The 7 last digits are a bijection of the index (below 10^7): contacts do not share a phone by chance.
 */
function demoMobile(random: () => number, index: number, seed: number): CanonicalPhone {
  const subscriber = `9${6 + Math.floor(random() * 4)}${String((index * 7_919 + seed) % 10_000_000).padStart(7, '0')}`;
  return `55${pick(random, AREA_CODES)}${subscriber}` as CanonicalPhone;
}

function buyerDetails(random: () => number, first: string, index: number, seed: number): Partial<Person> {
  return {
    cpf: cpfOfIndex(index, seed),
    birthDate: `19${60 + Math.floor(random() * 40)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`,
    personalEmail: `${first.toLowerCase()}.${index}@exemplo.com.br`,
  };
}

function demoVehicle(random: () => number, brand: string, model: string): Vehicle {
  return {
    id: uuidFrom(random),
    manufacturer: brand,
    brand,
    model,
    color: pick(random, COLORS),
    manufactureYear: 2015 + Math.floor(random() * 10),
    modelYear: 2016 + Math.floor(random() * 10),
    fipeCode: `00${Math.floor(random() * 9000) + 1000}-1`,
    renavan: String(Math.floor(random() * 1e11)).padStart(11, '0'),
    chassi: `9BW${uuidFrom(random).replace(/-/g, '').slice(0, 14).toUpperCase()}`,
    fuelType: 'flex',
  };
}

function demoSale(random: () => number, personId: string, vehicle: Vehicle, saleAt: Date): Sale {
  return {
    id: uuidFrom(random),
    sellerId: `V-${1 + Math.floor(random() * 20)}`,
    sellerName: pick(random, FIRST),
    financingApprovalDate: null,
    personId,
    address: null,
    vehicle,
    vendorId: null,
    lastEvent: null,
    delivery: { ...NEW_DELIVERY_STATE, webhookProcessed: true },
    createdAt: saleAt,
    updatedAt: saleAt,
  };
}

interface DemoChatShape {
  readonly instance: string;
  readonly jid: string;
  readonly first: string;
  readonly car: string;
  readonly plate: string;
  readonly startedAt: Date;
  readonly gaps: readonly number[];
}

/** The WhatsApp chat: the contact and the broker take turns, one message after each gap. */
function demoChat(random: () => number, chat: DemoChatShape): GatewayMessageRecord[] {
  const fill = (text: string) =>
    text
      .replace('{car}', chat.car)
      .replace('{plate}', chat.plate)
      .replace('{name}', chat.first)
      .replace('{price}', String(80 + Math.floor(random() * 220)));
  let at = chat.startedAt.getTime() / 1000;
  return chat.gaps.map((gap, m) => {
    const fromMe = m % 2 === 1;
    at += gap;
    return {
      instance: chat.instance,
      key: { id: `3EB0${uuidFrom(random).replace(/-/g, '').slice(0, 16).toUpperCase()}`, remoteJid: chat.jid, fromMe },
      pushName: fromMe ? 'Corretora Demo' : chat.first,
      messageType: 'conversation',
      message: { conversation: fill(fromMe ? pick(random, OUTBOUND) : pick(random, INBOUND)) },
      messageTimestamp: Math.floor(at),
    };
  });
}

function minimalPerson(id: string, fullName: string, phone: CanonicalPhone | null, at: Date): Person {
  return {
    id,
    fullName,
    ...NO_PERSON_DETAILS,
    mobile: phone,
    createdAt: at,
    updatedAt: at,
  };
}

function interaction(
  random: () => number,
  personId: string,
  phone: CanonicalPhone | null,
  sessionId: string | null,
  at: Date,
  updatedAfter: number,
): SdrInteraction {
  const status = pick(random, SDR_STATUSES);
  const converted = status === 'converted' || random() < 0.1;
  return {
    id: uuidFrom(random),
    personId,
    phone,
    phoneKey: phone === null ? null : phoneMatchKey(phone),
    sessionId,
    channel: sessionId === null ? 'whatsapp' : 'email',
    result: status,
    status,
    contact: status !== 'no_response',
    sent: converted,
    sentTo: converted ? 'Concessionária Centro' : null,
    convertedToLead: converted,
    convertedAt: conversionTimeAfterWrite(null, { convertedToLead: converted, status }, at),
    createdAt: at,
    updatedAt: new Date(at.getTime() + updatedAfter),
  };
}
