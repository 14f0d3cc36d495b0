import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { Db } from 'mongodb';
import request from 'supertest';
import { chatMessageTokens } from '../../../../../src/adapters/mongo/assistant/chat-collections';
import { manualSaleBody } from '../../../../support/sales-fixtures';
import type { SalesRuntime } from '../../../../support/sales-runtime';

/** One subject of the end-to-end erasure: every value of theirs, in every spelling a scan must not find. */
export interface SubjectValues {
  readonly cpf: string;
  readonly cpfFormatted: string;
  readonly phone: string;
  readonly phoneSpellings: readonly string[];
  readonly email: string;
  readonly name: string;
  readonly chassis: string;
  readonly renavam: string;
  readonly street: string;
  readonly note: string;
  readonly plate: string;
  /** Seconds from the first inbound message to the reply (the subjects differ, so the KPI mean tells them apart). */
  readonly replyAfter: number;
}

export const ANA: SubjectValues = {
  cpf: '52998224725',
  cpfFormatted: '529.982.247-25',
  phone: '5511987654321',
  // with and without 55, with and without the ninth digit, formatted
  phoneSpellings: ['5511987654321', '11987654321', '551187654321', '1187654321', '(11) 98765-4321', '8765-4321'],
  email: 'ana.souza@example.com',
  name: 'Ana Souza',
  chassis: '9BWZZZ377VT004251',
  renavam: '00987654321',
  street: 'Rua das Flores',
  note: 'quer financiar o Polo em 48x',
  plate: 'ABC1D23',
  replyAfter: 300,
};

export const BRUNO: SubjectValues = {
  cpf: '11144477735',
  cpfFormatted: '111.444.777-35',
  phone: '5521998887777',
  phoneSpellings: ['5521998887777', '21998887777', '(21) 99888-7777', '9888-7777'],
  email: 'bruno.lima@example.com',
  name: 'Bruno Lima',
  chassis: '8AWZZZ377VT009999',
  renavam: '00123456789',
  street: 'Avenida Paulista',
  note: 'pediu retorno amanha cedo',
  plate: 'XYZ9K87',
  replyAfter: 60,
};

const jid = (phone: string) => `${phone}@s.whatsapp.net`;

/** Builds the subject in every sales store: sale with address and vehicle, SDR interaction with notes, gateway chat, policy, assistant chat. */
export async function buildSubject(rt: SalesRuntime, key: string, s: SubjectValues, at: Date): Promise<void> {
  const api = () => request(rt.callback);
  const body = manualSaleBody({
    pessoa: { fullName: s.name, cpf: s.cpfFormatted, mobile: s.phoneSpellings[4] ?? s.phone, personalEmail: s.email },
    endereco: {
      street: s.street,
      number: '20',
      city: 'Campinas',
      state: 'SP',
      neighborhood: 'Centro',
      complement: '',
      zipCode: '13025000',
    },
    veiculo: { ...manualSaleBody().veiculo, chassi: s.chassis, renavan: s.renavam },
  });
  const sale = await api().post('/api/sales/manual').set('x-api-key', key).send(body);
  expect(sale.status, JSON.stringify(sale.body)).to.equal(201);
  await api()
    .post('/sdr/interactions')
    .set('x-api-key', key)
    .send({ phone: s.phone, cpf: s.cpf, channel: 'whatsapp', result: 'interested', notes: s.note })
    .expect((res) => expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 201]));
  await api()
    .post('/api/policies')
    .set('x-api-key', key)
    .send({
      policyNumber: `P-${randomUUID().slice(0, 8).toUpperCase()}`,
      cpf: s.cpf,
      saleId: null,
      insurer: 'Porto Seguro',
      product: 'auto',
      premiumCents: 1000,
      startDate: '2026-01-01',
      endDate: '2027-01-01',
      vehiclePlate: s.plate,
    })
    .expect(201);
  await gatewayChat(rt.db, s, at);
  await assistantChat(rt.db, s, at);
}

async function gatewayChat(db: Db, s: SubjectValues, at: Date): Promise<void> {
  const secs = Math.floor(at.getTime() / 1000);
  // The gateway may spell the number without the ninth digit (CONTRACT 3.4): a second chat of the same contact.
  const legacy = `55${s.phone.slice(2, 4)}${s.phone.slice(-8)}`;
  const message = (fromMe: boolean, offset: number, text: string, phone = s.phone) => ({
    instance: 'main',
    key: { id: randomUUID(), remoteJid: jid(phone), fromMe },
    pushName: fromMe ? 'Corretora' : s.name,
    messageType: 'conversation',
    message: { conversation: text },
    messageTimestamp: secs + offset,
  });
  await db
    .collection('gateway_messages')
    .insertMany([
      message(false, 0, `oi, sou ${s.name}, meu email ${s.email}`),
      message(false, 20, 'quero cotar'),
      message(true, s.replyAfter, 'claro! qual o seu CPF?'),
      message(false, 5, `aqui ${s.name} de novo`, legacy),
      message(true, 100, 'oi de novo', legacy),
    ]);
}

async function assistantChat(db: Db, s: SubjectValues, at: Date): Promise<void> {
  const sessionId = randomUUID();
  const content =
    `Encontrei ${s.name}, CPF ${s.cpfFormatted}, telefone ${s.phoneSpellings[4]}; ` + 'o cliente pediu desconto.';
  await db.collection('chat_sessions').insertOne({
    _id: sessionId as never,
    userId: 'u-1',
    title: `Buscar ${s.cpf}`,
    description: '',
    status: 'active',
    messageCount: 2,
    messageSeq: 2,
    countedSeq: 2,
    preview: content.slice(0, 120),
    createdAt: at,
    updatedAt: at,
    lastActivityAt: at,
  });
  // With their personal tokens, as the repository writes them (the erasure must not leave the subject's there).
  const message = (seq: number, role: string, text: string) => ({
    _id: randomUUID() as never,
    sessionId,
    seq,
    role,
    content: text,
    metadata: null,
    createdAt: at,
    personalTokens: chatMessageTokens.derive({ content: text }),
  });
  await db
    .collection('chat_messages')
    .insertMany([message(1, 'user', `busque o cpf ${s.cpf}`), message(2, 'assistant', content)]);
}

/** Every document of every collection the runtime knows, as text (EJSON-ish), one string per collection. */
export async function dumpDatabase(rt: SalesRuntime): Promise<Map<string, string>> {
  const names = new Set<string>(rt.runtime.app.indexes.map((entry) => entry.collection));
  for (const name of ['gateway_messages', 'api_event_logs', 'privacy_erasures', 'chat_messages', 'chat_sessions'])
    names.add(name);
  try {
    for (const info of await rt.db.listCollections().toArray()) names.add(info.name);
  } catch {
    // jongodb has no listCollections (CONTRACT 1.1): the declared collections are every collection written.
  }
  const dump = new Map<string, string>();
  for (const name of names) dump.set(name, JSON.stringify(await rt.db.collection(name).find({}).toArray()));
  return dump;
}

/** The spellings of a subject's values found in the dump, with the collection holding each. */
export function valuesFound(dump: Map<string, string>, s: SubjectValues): string[] {
  const needles = [
    s.cpf,
    s.cpfFormatted,
    ...s.phoneSpellings,
    s.email,
    s.name,
    s.chassis,
    s.renavam,
    s.street,
    s.note,
    s.plate,
  ];
  const found: string[] = [];
  for (const [collection, text] of dump)
    for (const needle of needles)
      if (text.toLowerCase().includes(needle.toLowerCase())) found.push(`${collection}: ${needle}`);
  return found;
}

/**
 * An erasure through the sales privacy routes (CONTRACT 12.3): requested (202), completed as serve's start or tick
 * completes it, then answered as `GET /privacy/erasures/{id}` answers it.
 */
export async function eraseOnSales(
  rt: SalesRuntime,
  key: string,
  body: Record<string, string>,
): Promise<Record<string, unknown>> {
  const api = () => request(rt.callback);
  const accepted = await api().post('/privacy/erasures').set('x-api-key', key).send(body).expect(202);
  await rt.runtime.app.privacyErasure.useCases.completePendingErasures.execute();
  const done = await api()
    .get(`/privacy/erasures/${accepted.body.id as string}`)
    .set('x-api-key', key)
    .expect(200);
  return done.body as Record<string, unknown>;
}
