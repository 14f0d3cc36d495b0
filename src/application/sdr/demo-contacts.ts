/**
 * Realistic Brazilian demo data for the SDR lists (demos and benchmarks): names, +55 mobiles with real
 * area codes, CPFs with valid check digits, Mercosul plates, WhatsApp chats in the gateway's record
 * shape. Deterministic for a seed, so two runs with the same arguments make the same data.
 */
import type { Person, Sale, Vehicle } from '../../domain/sales/sale';
import { NEW_DELIVERY_STATE } from '../../domain/sales/sale';
import { checkDigit } from '../../domain/shared/cpf';
import { phoneMatchKey, type CanonicalPhone } from '../../domain/shared/phone';
import type { GatewayMessageRecord } from '../../domain/sdr/gateway-message';
import { conversionTimeAfterWrite, SDR_STATUSES, type SdrInteraction } from '../../domain/sdr/interaction';

const FIRST = [
  'Ana',
  'Beatriz',
  'Bruno',
  'Camila',
  'Carlos',
  'Daniela',
  'Diego',
  'Eduarda',
  'Felipe',
  'Fernanda',
  'Gabriel',
  'Gustavo',
  'Helena',
  'Igor',
  'Isabela',
  'João',
  'Juliana',
  'Larissa',
  'Lucas',
  'Luana',
  'Marcelo',
  'Mariana',
  'Mateus',
  'Natália',
  'Otávio',
  'Patrícia',
  'Paulo',
  'Rafael',
  'Renata',
  'Rodrigo',
  'Sabrina',
  'Thiago',
  'Vanessa',
  'Vinícius',
];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Almeida',
  'Lopes',
  'Soares',
  'Fernandes',
  'Vieira',
  'Barbosa',
  'Rocha',
  'Dias',
  'Nascimento',
  'Andrade',
  'Moreira',
  'Nunes',
  'Marques',
  'Machado',
  'Mendes',
  'Freitas',
];
const AREA_CODES = [
  11, 11, 11, 12, 13, 19, 21, 21, 24, 27, 31, 31, 34, 41, 43, 47, 48, 51, 54, 61, 62, 65, 67, 71, 79, 81, 84, 85, 91,
  92, 98,
];
const CARS = [
  ['Volkswagen', 'Polo'],
  ['Chevrolet', 'Onix'],
  ['Fiat', 'Argo'],
  ['Hyundai', 'HB20'],
  ['Toyota', 'Corolla'],
  ['Jeep', 'Renegade'],
  ['Fiat', 'Strada'],
  ['Honda', 'HR-V'],
  ['Renault', 'Kwid'],
  ['Nissan', 'Kicks'],
] as const;
const COLORS = ['Branco', 'Prata', 'Preto', 'Cinza', 'Vermelho', 'Azul'];
const INBOUND = [
  'Oi, vi o anúncio do seguro',
  'Quanto fica o seguro do meu {car}?',
  'A placa é {plate}',
  'Pode me ligar depois das 18h?',
  'Tenho interesse sim',
  'Qual a franquia?',
  'Vou ver com minha esposa e te falo',
  'Manda a proposta por aqui mesmo',
  'Já tenho seguro, obrigado',
  'Beleza, pode seguir',
];
const OUTBOUND = [
  'Olá {name}! Aqui é da corretora, tudo bem?',
  'Consegue me passar a placa do veículo?',
  'Perfeito, vou cotar com 5 seguradoras',
  'Sua cotação ficou em R$ {price}/mês',
  'Posso te enviar a proposta?',
  'Combinado, te ligo amanhã',
  'Qualquer dúvida é só chamar',
];

/** mulberry32: a small seeded PRNG (demo data only, never for secrets). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <A>(random: () => number, values: readonly A[]): A => values[Math.floor(random() * values.length)] as A;

/** 11 digits with valid check digits (Receita Federal mod 11); never all digits equal. */
export function demoCpf(random: () => number): string {
  let base: number[];
  do base = Array.from({ length: 9 }, () => Math.floor(random() * 10));
  while (base.every((d) => d === base[0]));
  return withCheckDigits(base);
}

function withCheckDigits(base: readonly number[]): string {
  const first = checkDigit(base);
  return [...base, first, checkDigit([...base, first])].join('');
}

/** A CPF of its own for contact `index` (a bijection of the index below 10^9): never two people with one CPF. */
function cpfOfIndex(index: number, seed: number): string {
  const n = (index * 7_919 + seed * 104_729 + 100_000_000) % 1_000_000_000;
  const base = String(n).padStart(9, '0').split('').map(Number);
  return withCheckDigits(
    base.every((d) => d === base[0]) ? [...base.slice(0, 8), (base[8] ?? 0) === 9 ? 0 : (base[8] ?? 0) + 1] : base,
  );
}

/** A Mercosul plate (ABC1D23). */
export function demoPlate(random: () => number): string {
  const letter = () => String.fromCharCode(65 + Math.floor(random() * 26));
  const digit = () => String(Math.floor(random() * 10));
  return `${letter()}${letter()}${letter()}${digit()}${letter()}${digit()}${digit()}`;
}

export interface DemoContact {
  readonly person: Person | null;
  readonly sales: readonly Sale[];
  readonly interactions: readonly SdrInteraction[];
  readonly messages: readonly GatewayMessageRecord[];
}

const uuidFrom = (random: () => number): string => {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[12] = '4';
  hex[16] = '89ab'[Math.floor(random() * 4)] as string;
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
};

const DAY_MS = 86_400_000;
/** Every timestamp of the demo data lies in the last 60 days (the KPI periods a newcomer looks at first), unless asked for another window. */
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
  const ms = (n: number) => new Date(startedAt.getTime() + n);
  if (web) {
    const personId = uuidFrom(random);
    const person = minimalPerson(personId, '', null, startedAt);
    return {
      person,
      sales: [],
      interactions: [interaction(random, personId, null, `web-${uuidFrom(random)}`, startedAt, updatedAfter)],
      messages: [],
    };
  }
  // 9 + a digit 6-9 + 7 digits: a mobile whose legacy 8-digit form (some WhatsApp ids) is also valid.
  // The 7 last digits are a bijection of the index (below 10^7): contacts do not share a phone by chance.
  const subscriber = `9${6 + Math.floor(random() * 4)}${String((index * 7_919 + seed) % 10_000_000).padStart(7, '0')}`;
  const phone = `55${pick(random, AREA_CODES)}${subscriber}` as CanonicalPhone;
  const personId = uuidFrom(random);
  const person: Person | null = bought
    ? {
        ...minimalPerson(personId, fullName, phone, startedAt),
        cpf: cpfOfIndex(index, seed),
        birthDate: `19${60 + Math.floor(random() * 40)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`,
        personalEmail: `${first.toLowerCase()}.${index}@exemplo.com.br`,
      }
    : worked
      ? minimalPerson(personId, random() < 0.5 ? fullName : '', phone, startedAt)
      : null;
  const interactions =
    worked && person !== null
      ? [interaction(random, person.id, phone, null, ms(INTERACTION_AFTER_MS), updatedAfter)]
      : [];
  const vehicle: Vehicle = {
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
  const saleAt = ms(SALE_AFTER_MS);
  const sales: Sale[] =
    bought && person !== null
      ? [
          {
            id: uuidFrom(random),
            sellerId: `V-${1 + Math.floor(random() * 20)}`,
            sellerName: pick(random, FIRST),
            financingApprovalDate: null,
            personId: person.id,
            address: null,
            vehicle,
            vendorId: null,
            lastEvent: null,
            delivery: { ...NEW_DELIVERY_STATE, webhookProcessed: true },
            createdAt: saleAt,
            updatedAt: saleAt,
          },
        ]
      : [];
  const jid = `${random() < 0.2 ? `55${phone.slice(2, 4)}${phone.slice(5)}` : phone}@s.whatsapp.net`;
  const fill = (text: string) =>
    text
      .replace('{car}', `${brand} ${model}`)
      .replace('{plate}', plate)
      .replace('{name}', first)
      .replace('{price}', String(80 + Math.floor(random() * 220)));
  const chat: GatewayMessageRecord[] = [];
  let at = startedAt.getTime() / 1000;
  for (let m = 0; m < count; m += 1) {
    const fromMe = m % 2 === 1;
    at += gaps[m] ?? 0;
    chat.push({
      instance,
      key: { id: `3EB0${uuidFrom(random).replace(/-/g, '').slice(0, 16).toUpperCase()}`, remoteJid: jid, fromMe },
      pushName: fromMe ? 'Corretora Demo' : first,
      messageType: 'conversation',
      message: { conversation: fill(fromMe ? pick(random, OUTBOUND) : pick(random, INBOUND)) },
      messageTimestamp: Math.floor(at),
    });
  }
  return { person, sales, interactions, messages: chat };
}

function minimalPerson(id: string, fullName: string, phone: CanonicalPhone | null, at: Date): Person {
  return {
    id,
    fullName,
    cpf: null,
    rg: null,
    cnh: null,
    birthDate: null,
    gender: null,
    maritalStatus: null,
    personalEmail: null,
    commercialEmail: null,
    residentialPhone: null,
    commercialPhone: null,
    mobile: phone,
    optionalPhone: null,
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
