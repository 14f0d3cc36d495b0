import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { peopleCollection } from '../../../../../src/adapters/mongo/sales/people-collection';
import { sdrInteractionsCollection } from '../../../../../src/adapters/mongo/sdr/sdr-interactions-collection';
import { openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';

interface Served {
  readonly rt: SalesRuntime;
  readonly server: Server;
  readonly base: string;
}

async function serve(rt: SalesRuntime): Promise<Served> {
  // Koa answers its own errors: the promise the handler returns carries nothing to wait for.
  const server = createServer((req, res) => {
    void rt.callback(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { rt, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function stop({ rt, server }: Served): Promise<void> {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rt.close();
}

interface CreationAnswer {
  readonly status: number;
  readonly body: { id: string; personId: string; status: string; created: boolean };
}

/** The spellings of one subscriber's mobile: every one has the same match key (CONTRACT 3.4). */
function spellingsOf(round: number): { key: string; spellings: string[] } {
  const subscriber = `9${String(8765_0000 + round * 1_111).padStart(8, '0')}`;
  return {
    key: `11${subscriber.slice(1)}`,
    spellings: [
      `11${subscriber}`,
      `+55 (11) ${subscriber.slice(0, 5)}-${subscriber.slice(5)}`,
      `11${subscriber.slice(1)}`,
      `5511${subscriber}`,
    ],
  };
}

/**
 * First contacts of one unseen phone racing (POST /sdr/interactions, CONTRACT 3.4 and 10.3): whatever
 * the interleaving, on one copy of the service or on two sharing one database, they are one person and
 * one interaction: exactly one answer 201, every other 200 with that interaction's id. Real HTTP on
 * loopback, many requests in flight at once.
 */
describe('SDR first contacts of one unseen phone, concurrently', function () {
  this.timeout(120_000);
  let key: string;

  const post = (base: string, body: Record<string, unknown>): Promise<CreationAnswer> =>
    fetch(`${base}/sdr/interactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify(body),
    }).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as CreationAnswer['body'],
    }));

  /** `count` simultaneous first contacts of round `round`'s phone, spread over `bases` in turn. */
  async function race(db: SalesRuntime['db'], bases: readonly string[], round: number, count: number): Promise<void> {
    const { key: phoneKey, spellings } = spellingsOf(round);
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        post(bases[i % bases.length] as string, {
          phone: spellings[i % spellings.length],
          channel: 'whatsapp',
          result: 'no_response',
          notes: `try ${i}`,
        }),
      ),
    );
    const label = `round ${round}`;
    const created = answers.filter((a) => a.status === 201);
    expect(
      answers.map((a) => a.status).filter((status) => status !== 200 && status !== 201),
      label,
    ).to.deep.equal([]);
    expect(created, `${label}: one 201`).to.have.length(1);
    expect(
      answers.filter((a) => a.status === 200),
      `${label}: the rest 200`,
    ).to.have.length(count - 1);
    expect(answers.map((a) => a.body.created).filter(Boolean), label).to.have.length(1);
    const people = await peopleCollection(db).find({ phoneKeys: phoneKey }).toArray();
    expect(people, label).to.have.length(1);
    const interactions = await sdrInteractionsCollection(db).find({ phoneKey }).toArray();
    expect(
      interactions.map((i) => i._id),
      label,
    ).to.deep.equal([created[0]?.body.id]);
    expect([...new Set(answers.map((a) => a.body.id))], label).to.deep.equal([interactions[0]?._id]);
    expect([...new Set(answers.map((a) => a.body.personId))], label).to.deep.equal([people[0]?._id]);
    expect(interactions[0]?.personId, label).to.equal(people[0]?._id);
  }

  describe('on one copy of the service', () => {
    let one: Served;
    beforeEach(async () => {
      const rt = await openSalesRuntime();
      key = (await rt.createApiKey((await rt.createUser({ role: 'operator' })).email)).key;
      one = await serve(rt);
    });
    afterEach(() => stop(one));

    it(
      '25 simultaneous first contacts, in several spellings of the phone, make one person and one interaction; ' +
        'every answer names them',
      async () => {
        for (let round = 0; round < 4; round += 1) await race(one.rt.db, [one.base], round, 25);
      },
    );

    it('20 simultaneous first contacts: one 201, the other 19 answer 200 with its id', async () => {
      for (let round = 10; round < 14; round += 1) await race(one.rt.db, [one.base], round, 20);
    });
  });

  describe('on two copies of the service sharing one database', () => {
    let copies: Served[];
    beforeEach(async () => {
      const first = await openSalesRuntime();
      // The second copy: its own composition root, MongoDB client and connection pool, on the same database.
      const second = await openSalesRuntime({ env: { MONGODB_URI: first.config.mongodbUri as string } });
      key = (await first.createApiKey((await first.createUser({ role: 'operator' })).email)).key;
      copies = [await serve(first), await serve(second)];
    });
    afterEach(async () => {
      for (const copy of copies) await stop(copy);
    });

    it(
      '20 simultaneous first contacts, alternating between the copies: one 201, the other 19 answer 200 with its ' +
        'id',
      async () => {
        for (let round = 20; round < 24; round += 1)
          await race(
            copies[0]?.rt.db as SalesRuntime['db'],
            copies.map((c) => c.base),
            round,
            20,
          );
      },
    );
  });
});
