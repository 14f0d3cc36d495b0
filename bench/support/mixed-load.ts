// The load of bench:crash and bench:soak, in a process of its own (the server's event loop is not
// shared with the load generator). Workers send a mix of writes (SDR creations and status updates,
// chat sessions, appends and deletes, policies and their status changes, manual sales and their status
// events, signed lead-form webhooks to the hub) and, for the soak, reads. Each request comes from an
// address of its own (X-Forwarded-For; serve runs with TRUST_PROXY=1), so the per-IP limits do not
// throttle the load; the hub's per-organization webhook limit (30 a minute) is spread over many
// organizations.
//
// It records every write answered 2xx with what it wrote (ids, and for status changes the value), and,
// per mutable thing (an SDR phone, a policy, a sale), the values attempted since its last acknowledged
// one: after a crash, the data may hold the acknowledged value or any later attempt, never an older one.
// A webhook delivery that got no 2xx is sent again, the same body, as a provider resends.
//
// Control (crash mode) by JSON lines on stdin: {"targets":{"sales":URL,"hub":URL}} starts or resumes
// the load on a (restarted) serve; {"pause":true} stops sending, waits for the requests in flight and
// prints {"paused":true}; {"stop":true} resends the webhooks still unacknowledged (for at most 60 s),
// then prints the report (the last line) and exits. Soak mode: runs `seconds` against `targets`, then
// prints the report.
import { createHmac, randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import {
  NO_EVENT,
  type Acknowledged,
  type MixedLoadReport,
  type MixedLoadSpec,
  type Targets,
} from './mixed-load-contract';

const spec = JSON.parse(process.argv[2] ?? '{}') as MixedLoadSpec;

/** mulberry32: a small seeded generator, so a run's mix can be repeated. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(spec.seed);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
const randomIp = () =>
  `10.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${1 + Math.floor(random() * 254)}`;

/** Valid CPFs (check digits), one per number. */
function cpfOf(n: number): string {
  const base = String(100_000_000 + (n % 800_000_000))
    .padStart(9, '0')
    .slice(0, 9)
    .split('')
    .map(Number);
  const digit = (digits: number[]) => {
    const r = digits.reduce((acc, d, i) => acc + d * (digits.length + 1 - i), 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  const first = digit(base);
  return [...base, first, digit([...base, first])].join('');
}

const acked: Acknowledged = {
  sdrInteractions: [],
  sdrStatus: {},
  chatSessions: [],
  chatMessages: [],
  chatDeleted: [],
  chatDeleteAttempted: [],
  policies: [],
  policyStatus: {},
  policyMoves: {},
  sales: [],
  saleEvents: {},
  saleLastEvent: {},
  leads: [],
};
const statuses: Record<string, Record<string, number>> = {};
const serverErrors: { route: string; status: number; body: string }[] = [];
let requests = 0;
let acknowledged = 0;
let webhooksResent = 0;

let targets: Targets | undefined = spec.targets;
let paused = spec.mode === 'crash';
let stopping = false;
let inFlight = 0;

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** One request; `undefined` when no answer came (refused, reset, timed out). */
async function send(
  route: string,
  method: string,
  url: string,
  body: string | undefined,
  headers: Record<string, string> = {},
): Promise<Answer | undefined> {
  requests += 1;
  inFlight += 1;
  const count = (key: string) => {
    const byStatus = (statuses[route] ??= {});
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  };
  try {
    const res = await fetch(url, {
      method,
      headers: {
        'x-forwarded-for': randomIp(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    count(String(res.status));
    if (res.status >= 500 && serverErrors.length < 20)
      serverErrors.push({ route, status: res.status, body: text.slice(0, 300) });
    let parsed: unknown = undefined;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = text;
    }
    if (res.status >= 200 && res.status < 300) acknowledged += 1;
    return { status: res.status, body: parsed };
  } catch {
    count('network');
    return undefined;
  } finally {
    inFlight -= 1;
  }
}

const ok = (a: Answer | undefined): boolean => a !== undefined && a.status >= 200 && a.status < 300;
/** The text at `path` in an answer's JSON body (`textAt(a, 'venda', 'id')`), '' when absent. */
function textAt(a: Answer | undefined, ...path: string[]): string {
  let value: unknown = a?.body;
  for (const key of path)
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : '';
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Candidates of a mutable value: an attempt joins them, an acknowledgement replaces them. */
function attempt(map: Record<string, string[]>, key: string, value: string): void {
  (map[key] ??= []).push(value);
}
function acknowledge(map: Record<string, string[]>, key: string, value: string): void {
  map[key] = [value];
}

// --- the worker's state -------------------------------------------------------------------------

interface WorkerState {
  readonly n: number;
  phones: string[];
  sessions: string[];
  /** Policy id -> the status it was last acknowledged at (or believed). */
  policies: Map<string, string>;
  sales: string[];
  seq: number;
}

interface Delivery {
  readonly org: { id: string; secret: string };
  readonly body: string;
}
const resendQueue: Delivery[] = [];

const SDR_RESULTS = ['interested', 'not_interested', 'no_response', 'callback_requested', 'converted'] as const;
const NEXT_POLICY: Record<string, readonly string[]> = { pending: ['active'], active: ['cancelled', 'expired'] };

function salesHeaders(): Record<string, string> {
  return { 'x-api-key': spec.apiKey };
}

async function sdrCreate(t: Targets, w: WorkerState): Promise<void> {
  const fresh = w.phones.length < 3 || random() < 0.4;
  const phone = fresh ? `11 9${String(w.n).padStart(2, '0')}${String((w.seq += 1)).padStart(6, '0')}` : pick(w.phones);
  if (fresh) w.phones.push(phone);
  const result = pick(SDR_RESULTS);
  attempt(acked.sdrStatus, phone, result);
  const a = await send(
    'POST /sdr/interactions',
    'POST',
    `${t.sales}/sdr/interactions`,
    JSON.stringify({ phone, channel: 'whatsapp', result, notes: `nota ${randomUUID().slice(0, 8)}` }),
    salesHeaders(),
  );
  if (ok(a)) {
    acked.sdrInteractions.push(textAt(a, 'id'));
    acknowledge(acked.sdrStatus, phone, result);
  }
}

async function sdrStatus(t: Targets, w: WorkerState): Promise<void> {
  if (w.phones.length === 0) return sdrCreate(t, w);
  const phone = pick(w.phones);
  const status = pick(SDR_RESULTS);
  attempt(acked.sdrStatus, phone, status);
  const a = await send(
    'PATCH /sdr/interactions/status',
    'PATCH',
    `${t.sales}/sdr/interactions/status`,
    JSON.stringify({ identifier: phone, identifier_type: 'phone', status, notes: 'status' }),
    salesHeaders(),
  );
  if (ok(a)) acknowledge(acked.sdrStatus, phone, status);
}

async function chatCreate(t: Targets, w: WorkerState): Promise<void> {
  const a = await send(
    'POST /api/chat-sessions',
    'POST',
    `${t.sales}/api/chat-sessions`,
    JSON.stringify({ title: `Conversa ${w.seq++}` }),
    salesHeaders(),
  );
  if (ok(a)) {
    const id = textAt(a, 'id');
    acked.chatSessions.push(id);
    w.sessions.push(id);
  }
}

async function chatAppend(t: Targets, w: WorkerState): Promise<void> {
  if (w.sessions.length === 0) return chatCreate(t, w);
  const sessionId = pick(w.sessions);
  const a = await send(
    'POST /ai/execute',
    'POST',
    `${t.sales}/ai/execute`,
    JSON.stringify({ message: 'quantos leads viraram venda esta semana?', sessionId }),
    salesHeaders(),
  );
  if (ok(a)) acked.chatMessages.push({ sessionId, id: textAt(a, 'message', 'id') });
}

async function chatDelete(t: Targets, w: WorkerState): Promise<void> {
  if (w.sessions.length < 2) return chatCreate(t, w);
  const sessionId = w.sessions.splice(Math.floor(random() * w.sessions.length), 1)[0] as string;
  acked.chatDeleteAttempted.push(sessionId);
  // The client retries a delete that got no answer; a 404 then says an earlier attempt did it.
  for (let tries = 0; tries < 50; tries += 1) {
    const now = targets;
    if (now === undefined || paused) {
      await sleep(200);
      continue;
    }
    const a = await send(
      'DELETE /api/chat-sessions/:id',
      'DELETE',
      `${now.sales}/api/chat-sessions/${sessionId}`,
      undefined,
      salesHeaders(),
    );
    if (ok(a) || (a?.status === 404 && tries > 0)) {
      acked.chatDeleted.push(sessionId);
      return;
    }
    if (a !== undefined && a.status < 500) return;
    await sleep(200);
  }
}

async function policyCreate(t: Targets, w: WorkerState): Promise<void> {
  const n = (w.seq += 1);
  const body = {
    policyNumber: `CR-${w.n}-${n}-${randomUUID().slice(0, 6).toUpperCase()}`,
    cpf: cpfOf(w.n * 1_000_003 + n),
    saleId: null,
    insurer: 'Porto Seguro',
    product: 'life',
    premiumCents: 10_000,
    startDate: '2026-01-01',
    endDate: '2027-01-01',
    vehiclePlate: null,
  };
  const a = await send('POST /api/policies', 'POST', `${t.sales}/api/policies`, JSON.stringify(body), salesHeaders());
  if (ok(a)) {
    const id = textAt(a, 'id');
    acked.policies.push(id);
    acknowledge(acked.policyStatus, id, 'pending');
    w.policies.set(id, 'pending');
  }
}

async function policyStatus(t: Targets, w: WorkerState): Promise<void> {
  const movable = [...w.policies.entries()].filter(([, status]) => NEXT_POLICY[status] !== undefined);
  if (movable.length === 0) return policyCreate(t, w);
  const [id, from] = pick(movable);
  const to = pick(NEXT_POLICY[from] ?? []);
  attempt(acked.policyStatus, id, to);
  const a = await send(
    'PATCH /api/policies/:id/status',
    'PATCH',
    `${t.sales}/api/policies/${id}/status`,
    JSON.stringify({ status: to }),
    salesHeaders(),
  );
  if (ok(a)) {
    acknowledge(acked.policyStatus, id, to);
    (acked.policyMoves[id] ??= []).push(to);
    w.policies.set(id, to);
  } else if (a !== undefined && a.status >= 400 && a.status < 500) {
    // An earlier unanswered change landed: the policy is no longer where this worker believed.
    w.policies.delete(id);
  }
}

async function saleCreate(t: Targets, w: WorkerState): Promise<void> {
  const n = (w.seq += 1);
  const body = {
    venda: { sellerId: 'S-9', sellerName: 'Carla', financingApprovalDate: '2026-11-10T15:00:00.000Z' },
    pessoa: {
      fullName: 'Ana Souza',
      cpf: cpfOf(500_000_000 + w.n * 1_000_003 + n),
      birthDate: '1990-02-03',
      mobile: '(11) 98765-4321',
      personalEmail: 'ana@example.com',
    },
    endereco: {
      street: 'Rua B',
      number: '20',
      city: 'Campinas',
      state: 'SP',
      neighborhood: 'Cambuí',
      complement: '',
      zipCode: '13025000',
    },
    veiculo: {
      manufacturer: 'VW',
      brand: 'VW',
      model: 'Polo',
      color: 'Branco',
      manufactureYear: 2024,
      modelYear: 2024,
      fipeCode: '005',
      renavan: '9',
      chassi: 'X',
      fuelType: 'flex',
    },
  };
  const a = await send(
    'POST /api/sales/manual',
    'POST',
    `${t.sales}/api/sales/manual`,
    JSON.stringify(body),
    salesHeaders(),
  );
  if (ok(a)) {
    const id = textAt(a, 'venda', 'id');
    acked.sales.push(id);
    // A new sale has no status event: '(none)' until one is acknowledged.
    acknowledge(acked.saleLastEvent, id, NO_EVENT);
    w.sales.push(id);
  }
}

async function saleStatus(t: Targets, w: WorkerState): Promise<void> {
  if (w.sales.length === 0) return saleCreate(t, w);
  const id = pick(w.sales);
  const body =
    random() < 0.5 ? { event: 'template_sent' } : { event: 'contact_failed', no_contact_reason: 'caixa postal' };
  attempt(acked.saleLastEvent, id, body.event);
  const a = await send(
    'PATCH /api/sales/:id/status',
    'PATCH',
    `${t.sales}/api/sales/${id}/status`,
    JSON.stringify(body),
    salesHeaders(),
  );
  if (ok(a)) {
    acknowledge(acked.saleLastEvent, id, body.event);
    const events = (acked.saleEvents[id] ??= {});
    events[body.event] = (events[body.event] ?? 0) + 1;
  }
}

function sign(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

async function deliver(t: Targets, delivery: Delivery): Promise<boolean> {
  const a = await send(
    'POST /webhooks/:orgId/leadprovider',
    'POST',
    `${t.hub}/webhooks/${delivery.org.id}/leadprovider`,
    delivery.body,
    { 'x-hub-signature-256': sign(delivery.org.secret, delivery.body) },
  );
  if (ok(a)) {
    const leadId = textAt(a, 'leadId');
    if (leadId !== '') acked.leads.push({ leadId, rawBody: delivery.body });
    return true;
  }
  return false;
}

async function webhook(t: Targets, w: WorkerState): Promise<void> {
  // A delivery that got no 2xx goes first: the provider resends it.
  const again = resendQueue.shift();
  if (again !== undefined) webhooksResent += 1;
  const delivery = again ?? {
    org: pick(spec.orgs),
    body: JSON.stringify({
      contact: {
        name: `Lead ${w.n}-${(w.seq += 1)}`,
        phone: `(11) 9${String(Math.floor(random() * 100_000_000)).padStart(8, '0')}`,
        email: 'lead@example.com',
      },
      interests: { brand: 'Fiat', product: 'Argo' },
      nonce: randomUUID(),
    }),
  };
  if (!(await deliver(t, delivery))) resendQueue.push(delivery);
}

// --- reads (soak) -------------------------------------------------------------------------------

async function reads(t: Targets, w: WorkerState): Promise<void> {
  const h = salesHeaders();
  const choice = random();
  if (choice < 0.15) await send('GET /api/policies', 'GET', `${t.sales}/api/policies?limit=20`, undefined, h);
  else if (choice < 0.3) await send('GET /sdr/contacts', 'GET', `${t.sales}/sdr/contacts?limit=20`, undefined, h);
  else if (choice < 0.4) await send('GET /api/chat-sessions', 'GET', `${t.sales}/api/chat-sessions`, undefined, h);
  else if (choice < 0.5 && w.sessions.length > 0)
    await send(
      'GET /api/chat-sessions/:id/history',
      'GET',
      `${t.sales}/api/chat-sessions/${pick(w.sessions)}/history`,
      undefined,
      h,
    );
  else if (choice < 0.6 && w.phones.length > 0)
    await send(
      'GET /sdr/interactions',
      'GET',
      `${t.sales}/sdr/interactions?identifier=${encodeURIComponent(pick(w.phones))}&identifier_type=phone`,
      undefined,
      h,
    );
  else if (choice < 0.68) {
    // Periods that vary (KPI cache entries come and go): the last 1-30 days, in one of a few zones.
    const from = new Date(Date.now() - (1 + Math.floor(random() * 30)) * 86_400_000).toISOString().slice(0, 10);
    await send(
      'GET /kpi/sdr',
      'GET',
      `${t.sales}/kpi/sdr?dateFrom=${from}` +
        `&timezone=${pick(['America/Sao_Paulo', 'America/Manaus', 'UTC', 'America/Recife'])}`,
      undefined,
      h,
    );
  } else if (choice < 0.74 && w.policies.size > 0)
    await send('GET /api/policies/:id', 'GET', `${t.sales}/api/policies/${pick([...w.policies.keys()])}`, undefined, h);
  else if (choice < 0.8)
    await send('GET /api/policies (bad key)', 'GET', `${t.sales}/api/policies`, undefined, {
      'x-api-key': `bk_${randomUUID()}`,
    });
  else if (choice < 0.86) await send('GET /nowhere', 'GET', `${t.sales}/nowhere/${randomUUID()}`, undefined);
  else if (choice < 0.92) await send('GET /healthz', 'GET', `${t.sales}/healthz`, undefined);
  else await send('GET /metrics', 'GET', `${t.sales}/metrics`, undefined);
}

// --- the loop -----------------------------------------------------------------------------------

const WRITES: readonly [number, (t: Targets, w: WorkerState) => Promise<void>][] = [
  [14, sdrCreate],
  [10, sdrStatus],
  [5, chatCreate],
  [12, chatAppend],
  [4, chatDelete],
  [8, policyCreate],
  [8, policyStatus],
  [8, saleCreate],
  [8, saleStatus],
  [14, webhook],
];
const TOTAL = WRITES.reduce((sum, [weight]) => sum + weight, 0);

function pickWrite(): (t: Targets, w: WorkerState) => Promise<void> {
  let r = random() * TOTAL;
  for (const [weight, op] of WRITES) {
    if ((r -= weight) < 0) return op;
  }
  return sdrCreate;
}

async function worker(n: number, until: number): Promise<void> {
  const w: WorkerState = { n, phones: [], sessions: [], policies: new Map(), sales: [], seq: 0 };
  while (!stopping && Date.now() < until) {
    const t = targets;
    if (paused || t === undefined) {
      await sleep(50);
      continue;
    }
    const before = requests;
    if (spec.mode === 'soak' && random() < 0.6) await reads(t, w);
    else await pickWrite()(t, w);
    // No answer at all (serve down): do not spin.
    if (requests === before) await sleep(10);
  }
}

function report(): MixedLoadReport {
  return {
    requests,
    acknowledged,
    statuses,
    serverErrors,
    webhooksResent,
    webhooksUnacknowledged: resendQueue.length,
    acked,
  };
}

async function drainResends(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (resendQueue.length > 0 && Date.now() < deadline && targets !== undefined) {
    const delivery = resendQueue.shift() as Delivery;
    webhooksResent += 1;
    if (!(await deliver(targets, delivery))) {
      resendQueue.push(delivery);
      await sleep(500);
    }
  }
}

async function main(): Promise<void> {
  if (spec.mode === 'soak') {
    const until = Date.now() + (spec.seconds ?? 60) * 1_000;
    await Promise.all(Array.from({ length: spec.workers }, (_, i) => worker(i + 1, until)));
    process.stdout.write(`${JSON.stringify(report())}\n`);
    return;
  }
  const workers = Promise.all(Array.from({ length: spec.workers }, (_, i) => worker(i + 1, Number.POSITIVE_INFINITY)));
  const lines = createInterface({ input: process.stdin });
  for await (const line of lines) {
    const message = JSON.parse(line) as { targets?: Targets; pause?: boolean; stop?: boolean };
    if (message.targets !== undefined) {
      targets = message.targets;
      paused = false;
    } else if (message.pause === true) {
      paused = true;
      while (inFlight > 0) await sleep(20);
      process.stdout.write(`${JSON.stringify({ paused: true })}\n`);
    } else if (message.stop === true) {
      // The workers stop; the deliveries still without a 2xx are resent (the provider's retries).
      stopping = true;
      await workers;
      paused = false;
      await drainResends();
      process.stdout.write(`${JSON.stringify(report())}\n`);
      process.exit(0);
    }
  }
}

void main();
