import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { apiEventCollection } from '../../../../src/adapters/mongo/sales-identity/api-event-collection';
import { normalizePhone } from '../../../../src/domain/shared/phone';
import { cookieValueOf, openSalesRuntime, type SalesRuntime } from '../../../support/sales-runtime';

/**
 * CONTRACT 12.1: the API event log keeps no personal value a client sent, whatever the 4xx answer
 * echoes (a path, a parameter name, an unknown key, an identifier in a 404). Every 4xx of the sales
 * routes that can carry one is sent once; the stored entries (every field) and the service's pino
 * lines must hold none of the values in any spelling, while the entries themselves exist.
 */

type Kind = 'cpf' | 'phone' | 'email' | 'name' | 'plate' | 'chassis' | 'renavam';
interface Personal {
  readonly kind: Kind;
  readonly value: string;
}
const personal = (kind: Kind, value: string): Personal => ({ kind, value });

const CPF = personal('cpf', '529.982.247-25');
/** A CPF with wrong check digits: a typo of a real one is still someone's. */
const BAD_CPF = personal('cpf', '123.456.789-00');
const PHONE = personal('phone', '+55 (11) 98765-4321');
const LANDLINE = personal('phone', '(21) 3456-7890');
/** DDD 20 does not exist: the phone is refused, and still a personal value. */
const BAD_PHONE = personal('phone', '+55 (20) 97654-3210');
const EMAIL = personal('email', 'Ana.Souza@Example.com');
const NAME = personal('name', 'Ana Souza Pereira');
const PLATE = personal('plate', 'ABC-1D23');
const CHASSIS = personal('chassis', '9BWZZZ377VT004251');
const RENAVAM = personal('renavam', '41287306951');

const enc = encodeURIComponent;

/** Every spelling of a value the log must not hold, lower case (the haystack is lowered too). */
function spellingsOf({ kind, value }: Personal): string[] {
  const digits = value.replace(/\D/g, '');
  const spellings = [value, enc(value), value.replace(/[\s.\-()+]/g, '')];
  if (kind === 'cpf') spellings.push(digits, `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}`);
  if (kind === 'renavam') spellings.push(digits);
  if (kind === 'phone') {
    const canonical = normalizePhone(value) ?? digits;
    // The last 8 digits are the match key (CONTRACT 3.4): the number with or without its ninth digit.
    spellings.push(digits, canonical, canonical.slice(2), canonical.slice(-8));
  }
  if (kind === 'email') spellings.push(value.slice(0, value.indexOf('@')));
  if (kind === 'name') spellings.push(...value.split(' ').filter((word) => word.length >= 4));
  return [...new Set(spellings.map((spelling) => spelling.toLowerCase()))];
}

interface Clients {
  readonly api: () => ReturnType<typeof request>;
  readonly adminKey: string;
  readonly operatorKey: string;
  readonly adminCookie: string;
}

interface Case {
  /** The route as the OpenAPI document names it (an unmatched path: `(no route)`). */
  readonly route: string;
  readonly status: number;
  /** Where the personal value travels. */
  readonly carrying: string;
  readonly values: readonly Personal[];
  /** A message the entry keeps, masked (CONTRACT 12.1: masked, not dropped). */
  readonly keeps?: string;
  readonly send: (c: Clients) => request.Test;
}

const VEHICLE = {
  manufacturer: 'VW',
  brand: 'VW',
  model: 'Gol',
  color: 'preto',
  fipeCode: '005340-6',
  renavan: RENAVAM.value,
  chassi: CHASSIS.value,
  fuelType: 'flex',
};
const sale = (pessoa: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  venda: { sellerId: 'S1', sellerName: 'Vendedor' },
  pessoa: { fullName: NAME.value, ...pessoa },
  veiculo: VEHICLE,
  ...extra,
});
const POLICY = {
  cpf: CPF.value,
  insurer: 'Porto Seguro',
  product: 'auto',
  premiumCents: 120_000,
  startDate: '2026-01-01',
  endDate: '2027-01-01',
  vehiclePlate: PLATE.value,
};
/** A policy whose number is its holder's CPF (seeded, then sent again: 409 names the number). */
const POLICY_NUMBER_CPF = CPF.value.replace(/\D/g, '');
const FILTER_NAME = `Clientes ${NAME.value} ${CPF.value}`;

const key = (c: Clients) => ({ 'x-api-key': c.adminKey });

const CASES: readonly Case[] = [
  // Sales (spec part 4, CONTRACT 3.3)
  {
    route: 'GET /api/sales/{id}',
    status: 404,
    carrying: 'a CPF as the sale id (the answer names it)',
    values: [CPF],
    send: (c) => c.api().get(`/api/sales/${CPF.value}`).set(key(c)),
  },
  {
    route: 'GET /api/sales/{id}',
    status: 404,
    carrying: "a person's name as the sale id",
    values: [NAME],
    keeps: 'Sale A*** not found',
    send: (c) =>
      c
        .api()
        .get(`/api/sales/${enc(NAME.value)}`)
        .set(key(c)),
  },
  {
    route: 'GET /api/sales/{id}',
    status: 401,
    carrying: 'a CPF as the sale id, no credential (a counted refusal)',
    values: [CPF],
    send: (c) => c.api().get(`/api/sales/${CPF.value.replace(/\D/g, '')}`),
  },
  {
    route: 'PATCH /api/sales/{id}/status',
    status: 404,
    carrying: 'a formatted phone as the sale id',
    values: [PHONE],
    send: (c) =>
      c
        .api()
        .patch(`/api/sales/${enc(PHONE.value)}/status`)
        .set(key(c))
        .send({ event: 'template_sent', sent_to: NAME.value, sent_to_number: PHONE.value }),
  },
  {
    route: 'POST /api/sales/{id}/trigger-webhook',
    status: 404,
    carrying: 'an e-mail as the sale id',
    values: [EMAIL],
    send: (c) => c.api().post(`/api/sales/${EMAIL.value}/trigger-webhook`).set(key(c)),
  },
  {
    route: 'POST /api/sales/manual',
    status: 400,
    carrying: 'a CPF with wrong check digits, a phone, an e-mail, a name, a chassis and a RENAVAM in the body',
    values: [BAD_CPF, PHONE, EMAIL, NAME, CHASSIS, RENAVAM],
    send: (c) =>
      c
        .api()
        .post('/api/sales/manual')
        .set(key(c))
        .send(sale({ cpf: BAD_CPF.value, mobile: PHONE.value, personalEmail: EMAIL.value })),
  },
  {
    route: 'POST /api/sales/manual',
    status: 400,
    carrying: 'a phone of no Brazilian area code in pessoa.mobile',
    values: [CPF, BAD_PHONE, NAME],
    send: (c) =>
      c
        .api()
        .post('/api/sales/manual')
        .set(key(c))
        .send(sale({ cpf: CPF.value, mobile: BAD_PHONE.value })),
  },
  {
    route: 'POST /api/sales/manual',
    status: 400,
    carrying: 'an e-mail as vendorId, a plate in an unknown key',
    values: [CPF, EMAIL, PLATE],
    send: (c) =>
      c
        .api()
        .post('/api/sales/manual')
        .set(key(c))
        .send(sale({ cpf: CPF.value }, { vendorId: EMAIL.value, [PLATE.value]: true })),
  },
  {
    route: 'POST /api/sales/manual',
    status: 400,
    carrying: 'a CPF and a phone in a malformed JSON body',
    values: [CPF, PHONE],
    send: (c) =>
      c
        .api()
        .post('/api/sales/manual')
        .set(key(c))
        .set('content-type', 'application/json')
        .send(`{"pessoa": {"cpf": "${CPF.value}", "mobile": "${PHONE.value}"`),
  },
  {
    route: 'GET /api/sales',
    status: 400,
    carrying: 'a CPF in a bracketed parameter name (the answer names the parameter)',
    values: [CPF],
    send: (c) => c.api().get(`/api/sales?cpf[${CPF.value}]=1`).set(key(c)),
  },
  // Vendors (CONTRACT 3.3)
  {
    route: 'GET /vendors/{id}',
    status: 404,
    carrying: 'an e-mail as the vendor id (the answer names it)',
    values: [EMAIL],
    send: (c) =>
      c
        .api()
        .get(`/vendors/${enc(EMAIL.value)}`)
        .set(key(c)),
  },
  {
    route: 'PUT /vendors/{id}',
    status: 404,
    carrying: 'a CPF as the vendor id, a name and a phone in the body',
    values: [CPF, NAME, PHONE],
    send: (c) =>
      c
        .api()
        .put(`/vendors/${CPF.value.replace(/\D/g, '')}`)
        .set(key(c))
        .send({ name: NAME.value, phone: PHONE.value, isActive: true, webhookEnabled: false }),
  },
  {
    route: 'POST /vendors',
    status: 400,
    carrying: 'a name, a phone and a CPF (as vendorId) in an invalid body',
    values: [NAME, PHONE, CPF],
    send: (c) =>
      c.api().post('/vendors').set(key(c)).send({
        name: NAME.value,
        store: 'Loja',
        phone: PHONE.value,
        isActive: 'yes',
        webhookEnabled: true,
        vendorId: CPF.value,
      }),
  },
  // SDR (spec part 4, CONTRACT 3.4, 8.1, 8.2)
  {
    route: 'PATCH /sdr/interactions/status',
    status: 404,
    carrying: 'a phone identifier (the answer names the canonical phone)',
    values: [PHONE],
    keeps: 'No SDR interaction found for phone 5511*****4321',
    send: (c) =>
      c
        .api()
        .patch('/sdr/interactions/status')
        .set(key(c))
        .send({ identifier: PHONE.value, identifier_type: 'phone', status: 'interested' }),
  },
  {
    route: 'PATCH /sdr/interactions/status',
    status: 404,
    carrying: 'a CPF identifier (the answer names its digits)',
    values: [CPF],
    keeps: 'No SDR interaction found for cpf 529*****725',
    send: (c) =>
      c
        .api()
        .patch('/sdr/interactions/status')
        .set(key(c))
        .send({ identifier: CPF.value, identifier_type: 'cpf', status: 'interested', notes: NAME.value }),
  },
  {
    route: 'PATCH /sdr/interactions/status',
    status: 400,
    carrying: 'a CPF with wrong check digits as identifier',
    values: [BAD_CPF],
    send: (c) =>
      c
        .api()
        .patch('/sdr/interactions/status')
        .set(key(c))
        .send({ identifier: BAD_CPF.value, identifier_type: 'cpf', status: 'interested' }),
  },
  {
    route: 'GET /sdr/interactions',
    status: 404,
    carrying: 'a landline identifier in the query (the answer names the canonical phone)',
    values: [LANDLINE],
    send: (c) =>
      c.api().get('/sdr/interactions').query({ identifier: LANDLINE.value, identifier_type: 'phone' }).set(key(c)),
  },
  {
    route: 'GET /sdr/interactions',
    status: 400,
    carrying: 'a phone of no area code in the query',
    values: [BAD_PHONE],
    send: (c) =>
      c.api().get('/sdr/interactions').query({ identifier: BAD_PHONE.value, identifier_type: 'phone' }).set(key(c)),
  },
  {
    route: 'POST /sdr/interactions',
    status: 400,
    carrying: 'an invalid phone, a wrong CPF, an e-mail and a name in the body',
    values: [BAD_PHONE, BAD_CPF, EMAIL, NAME],
    send: (c) =>
      c.api().post('/sdr/interactions').set(key(c)).send({
        phone: BAD_PHONE.value,
        cpf: BAD_CPF.value,
        email: EMAIL.value,
        name: NAME.value,
        channel: 'whatsapp',
        result: 'no_response',
      }),
  },
  {
    route: 'GET /sdr/contacts',
    status: 400,
    carrying: 'a CPF as search and an e-mail as an unknown parameter name (the answer names it)',
    values: [CPF, EMAIL],
    send: (c) =>
      c
        .api()
        .get(`/sdr/contacts?search=${enc(CPF.value)}&${enc(EMAIL.value)}=1`)
        .set(key(c)),
  },
  {
    route: 'GET /sdr/sessions',
    status: 400,
    carrying: 'a phone as instance, a phone as an unknown parameter name',
    values: [PHONE, LANDLINE],
    send: (c) =>
      c
        .api()
        .get(`/sdr/sessions?instance=${enc(PHONE.value)}&${enc(LANDLINE.value)}=1&dateFrom=never`)
        .set(key(c)),
  },
  // Policies (CONTRACT 8.6)
  {
    route: 'POST /api/policies',
    status: 400,
    carrying: 'a wrong CPF, a plate, and a CPF as an unknown key (the answer names it)',
    values: [BAD_CPF, PLATE, CPF],
    send: (c) =>
      c
        .api()
        .post('/api/policies')
        .set(key(c))
        .send({ ...POLICY, policyNumber: 'AP-1', cpf: BAD_CPF.value, [CPF.value]: 1 }),
  },
  {
    route: 'POST /api/policies',
    status: 409,
    carrying: "a policy number that is the holder's CPF (the answer names the number)",
    values: [CPF, PLATE],
    send: (c) =>
      c
        .api()
        .post('/api/policies')
        .set(key(c))
        .send({ ...POLICY, policyNumber: POLICY_NUMBER_CPF }),
  },
  {
    route: 'GET /policy',
    status: 400,
    carrying: 'a wrong CPF in the query',
    values: [BAD_CPF],
    send: (c) => c.api().get('/policy').query({ cpf: BAD_CPF.value }).set(key(c)),
  },
  {
    route: 'GET /api/policies',
    status: 400,
    carrying: 'a wrong CPF as filter, a CPF as an unknown parameter name',
    values: [BAD_CPF, CPF],
    send: (c) =>
      c
        .api()
        .get(`/api/policies?cpf=${enc(BAD_CPF.value)}&${CPF.value.replace(/\D/g, '')}=1`)
        .set(key(c)),
  },
  {
    route: 'GET /api/policies/{id}',
    status: 404,
    carrying: 'a plate as the policy id',
    values: [PLATE],
    send: (c) => c.api().get(`/api/policies/${PLATE.value}`).set(key(c)),
  },
  {
    route: 'PATCH /api/policies/{id}/status',
    status: 404,
    carrying: 'a chassis as the policy id',
    values: [CHASSIS],
    send: (c) => c.api().patch(`/api/policies/${CHASSIS.value}/status`).set(key(c)).send({ status: 'active' }),
  },
  // Saved filters (CONTRACT 8.5)
  {
    route: 'POST /user/saved-filters',
    status: 409,
    carrying: "a name and a CPF in the filter's name (the answer names it)",
    values: [NAME, CPF],
    keeps: 'A saved filter of that name already exists for sales',
    send: (c) =>
      c.api().post('/user/saved-filters').set(key(c)).send({ name: FILTER_NAME, resource: 'sales', query: {} }),
  },
  {
    route: 'POST /user/saved-filters',
    status: 400,
    carrying: 'an e-mail as an unknown key, a phone as a query key, a CPF as a query value',
    values: [EMAIL, PHONE, CPF],
    send: (c) =>
      c
        .api()
        .post('/user/saved-filters')
        .set(key(c))
        .send({
          name: 'x',
          resource: 'sdr-contacts',
          query: { search: CPF.value, [PHONE.value]: { nested: true } },
          [EMAIL.value]: true,
        }),
  },
  {
    route: 'GET /user/saved-filters',
    status: 400,
    carrying: 'a CPF as resource',
    values: [CPF],
    send: (c) => c.api().get('/user/saved-filters').query({ resource: CPF.value }).set(key(c)),
  },
  {
    route: 'PATCH /user/saved-filters/{id}',
    status: 404,
    carrying: 'an e-mail as the filter id, a name as the new name',
    values: [EMAIL, NAME],
    send: (c) => c.api().patch(`/user/saved-filters/${EMAIL.value}`).set(key(c)).send({ name: NAME.value }),
  },
  {
    route: 'DELETE /user/saved-filters/{id}',
    status: 404,
    carrying: 'a phone as the filter id',
    values: [PHONE],
    send: (c) =>
      c
        .api()
        .delete(`/user/saved-filters/${enc(PHONE.value)}`)
        .set(key(c)),
  },
  // Privacy (CONTRACT 12.2)
  {
    route: 'GET /privacy/subjects',
    status: 400,
    carrying: 'a wrong CPF in the query',
    values: [BAD_CPF],
    send: (c) => c.api().get('/privacy/subjects').query({ cpf: BAD_CPF.value }).set(key(c)),
  },
  {
    route: 'GET /privacy/subjects',
    status: 400,
    carrying: 'a phone and an e-mail together',
    values: [PHONE, EMAIL],
    send: (c) => c.api().get('/privacy/subjects').query({ phone: PHONE.value, email: EMAIL.value }).set(key(c)),
  },
  {
    route: 'GET /privacy/subjects',
    status: 403,
    carrying: 'a CPF, asked by an operator',
    values: [CPF],
    send: (c) => c.api().get('/privacy/subjects').query({ cpf: CPF.value }).set('x-api-key', c.operatorKey),
  },
  {
    route: 'GET /privacy/subjects/export',
    status: 400,
    carrying: 'a phone of no area code',
    values: [BAD_PHONE],
    send: (c) => c.api().get('/privacy/subjects/export').query({ phone: BAD_PHONE.value }).set(key(c)),
  },
  {
    route: 'POST /privacy/erasures',
    status: 400,
    carrying: 'a CPF, and a reason naming it and the name',
    values: [CPF, NAME],
    send: (c) =>
      c
        .api()
        .post('/privacy/erasures')
        .set(key(c))
        .send({ cpf: CPF.value, reason: `Pedido de ${NAME.value}, CPF ${CPF.value}` }),
  },
  {
    route: 'POST /privacy/erasures',
    status: 400,
    carrying: 'a phone and an e-mail together',
    values: [PHONE, EMAIL],
    send: (c) =>
      c.api().post('/privacy/erasures').set(key(c)).send({ phone: PHONE.value, email: EMAIL.value, reason: 'titular' }),
  },
  {
    route: 'GET /privacy/erasures/{id}',
    status: 404,
    carrying: 'a CPF as the erasure id',
    values: [CPF],
    send: (c) => c.api().get(`/privacy/erasures/${CPF.value}`).set(key(c)),
  },
  // Sales identity (spec part 4 and 5)
  {
    route: 'POST /auth/login',
    status: 401,
    carrying: 'an unknown e-mail',
    values: [EMAIL],
    send: (c) => c.api().post('/auth/login').send({ email: EMAIL.value, password: 'wrong password' }),
  },
  {
    route: 'POST /auth/login',
    status: 400,
    carrying: 'an e-mail with a password that is not a string',
    values: [EMAIL],
    send: (c) => c.api().post('/auth/login').send({ email: EMAIL.value, password: 42 }),
  },
  {
    route: 'POST /auth/forgot-password',
    status: 400,
    carrying: 'an e-mail inside an object',
    values: [EMAIL],
    send: (c) =>
      c
        .api()
        .post('/auth/forgot-password')
        .send({ email: { address: EMAIL.value } }),
  },
  {
    route: 'POST /api-keys',
    status: 404,
    carrying: 'the e-mail of no user',
    values: [EMAIL],
    send: (c) => c.api().post('/api-keys').set('Cookie', c.adminCookie).send({ email: EMAIL.value }),
  },
  {
    route: 'DELETE /api-keys/{id}',
    status: 404,
    carrying: 'a CPF as the key id',
    values: [CPF],
    send: (c) => c.api().delete(`/api-keys/${CPF.value}`).set('Cookie', c.adminCookie),
  },
  {
    route: 'GET /audit-logs/{id}',
    status: 404,
    carrying: 'an e-mail as the entry id',
    values: [EMAIL],
    send: (c) => c.api().get(`/audit-logs/${EMAIL.value}`).set(key(c)),
  },
  {
    route: 'GET /audit-logs',
    status: 400,
    carrying: 'a CPF in the path filter, a phone as an unknown parameter name',
    values: [CPF, PHONE],
    send: (c) =>
      c
        .api()
        .get(`/audit-logs?path=${enc(`/api/sales/${CPF.value}`)}&status=abc&${enc(PHONE.value)}=1`)
        .set(key(c)),
  },
  // Assistant and KPI (CONTRACT 8.3, 8.4)
  {
    route: 'POST /api/chat-sessions',
    status: 400,
    carrying: 'a CPF and a name in a title too long',
    values: [CPF, NAME],
    send: (c) =>
      c
        .api()
        .post('/api/chat-sessions')
        .set(key(c))
        .send({ title: `${NAME.value} ${CPF.value} ${'x'.repeat(300)}` }),
  },
  {
    route: 'GET /api/chat-sessions/{id}',
    status: 404,
    carrying: 'a phone as the session id',
    values: [PHONE],
    send: (c) =>
      c
        .api()
        .get(`/api/chat-sessions/${enc(PHONE.value)}`)
        .set(key(c)),
  },
  {
    route: 'POST /ai/execute',
    status: 400,
    carrying: 'a CPF in a message, an e-mail as sessionId',
    values: [CPF, EMAIL],
    send: (c) =>
      c
        .api()
        .post('/ai/execute')
        .set(key(c))
        .send({ message: `CPF ${CPF.value}`, sessionId: EMAIL.value }),
  },
  {
    route: 'GET /kpi/sdr',
    status: 400,
    carrying: 'a CPF as dateFrom',
    values: [CPF],
    send: (c) => c.api().get('/kpi/sdr').query({ dateFrom: CPF.value }).set(key(c)),
  },
  // No route: the 404 names the path.
  {
    route: '(no route) GET /sdr/interactions/{phone}',
    status: 404,
    carrying: 'a canonical phone in the path',
    values: [PHONE],
    keeps: 'Cannot GET /sdr/interactions/5511*****4321',
    send: (c) => c.api().get('/sdr/interactions/5511987654321').set(key(c)),
  },
  {
    route: '(no route) GET /people/{email}',
    status: 404,
    carrying: 'an e-mail, percent-encoded, in the path',
    values: [EMAIL],
    send: (c) =>
      c
        .api()
        .get(`/people/${enc(EMAIL.value)}`)
        .set(key(c)),
  },
  {
    route: '(no route) GET /clientes/{cpf}/veiculos/{plate}',
    status: 404,
    carrying: 'a formatted CPF and a plate in the path',
    values: [CPF, PLATE],
    keeps: 'Cannot GET /clientes/529*****725/veiculos/A******',
    send: (c) => c.api().get(`/clientes/${CPF.value}/veiculos/${PLATE.value}`).set(key(c)),
  },
  {
    route: '(no route) DELETE /veiculos/{chassis}/{renavam}',
    status: 404,
    carrying: 'a chassis (lower case) and a RENAVAM in the path',
    values: [CHASSIS, RENAVAM],
    send: (c) => c.api().delete(`/veiculos/${CHASSIS.value.toLowerCase()}/${RENAVAM.value}`).set(key(c)),
  },
];

describe('sales API event log: no personal value a client sent is stored (CONTRACT 12.1)', () => {
  let rt: SalesRuntime;
  let clients: Clients;

  before(async () => {
    rt = await openSalesRuntime();
    const admin = await rt.createUser({ role: 'admin' });
    const operator = await rt.createUser({ role: 'operator' });
    const login = await request(rt.callback)
      .post('/auth/login')
      .send({ email: admin.email, password: admin.password })
      .expect(200);
    clients = {
      api: () => request(rt.callback),
      adminKey: (await rt.createApiKey(admin.email)).key,
      operatorKey: (await rt.createApiKey(operator.email)).key,
      adminCookie: `access_token=${cookieValueOf(login.headers['set-cookie'], 'access_token') ?? ''}`,
    };
    // What the 409s collide with.
    await clients
      .api()
      .post('/user/saved-filters')
      .set(key(clients))
      .send({ name: FILTER_NAME, resource: 'sales', query: {} })
      .expect(201);
    await clients
      .api()
      .post('/api/policies')
      .set(key(clients))
      .send({ ...POLICY, policyNumber: POLICY_NUMBER_CPF })
      .expect(201);
  });
  after(() => rt.close());

  /** Sends a case; answers its request id once the log is written. */
  const sent = async (c: Case): Promise<string> => {
    const requestId = randomUUID();
    const res = await c.send(clients).set('x-request-id', requestId);
    expect(res.status, `${c.route}: ${JSON.stringify(res.body)}`).to.equal(c.status);
    await rt.flushEvents();
    return requestId;
  };
  const leaks = (text: string, values: readonly Personal[]): string[] => {
    const lowered = text.toLowerCase();
    return values.flatMap((value) => spellingsOf(value).filter((spelling) => lowered.includes(spelling)));
  };

  for (const c of CASES) {
    it(`${c.route} ${c.status}: ${c.carrying}`, async () => {
      const requestId = await sent(c);
      const own = await apiEventCollection(rt.db).find({ requestId }).toArray();
      expect(own, 'the request is in the log').to.have.length(1);
      if (c.keeps !== undefined) expect(own[0]?.errorMessages).to.deep.equal([c.keeps]);
      expect(leaks(JSON.stringify(own), c.values), JSON.stringify(own)).to.deep.equal([]);
      const lines = rt.log.lines().filter((line) => line.requestId === requestId);
      expect(lines, 'the request is in the pino log').to.have.length.at.least(1);
      expect(leaks(JSON.stringify(lines), c.values), JSON.stringify(lines)).to.deep.equal([]);
    });
  }

  it('stores none of the values in any entry or pino line, and an entry for every request', async () => {
    const requestIds: string[] = [];
    for (const c of CASES) requestIds.push(await sent(c));
    const entries = await apiEventCollection(rt.db).find({}).toArray();
    expect(entries.filter((entry) => requestIds.includes(entry.requestId))).to.have.length(CASES.length);
    const all = CASES.flatMap((c) => c.values);
    expect(leaks(JSON.stringify(entries), all)).to.deep.equal([]);
    expect(leaks(rt.log.text(), all)).to.deep.equal([]);
  });
});
