import { expect } from 'chai';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';
import { TestReceiver } from '../../../../support/receiver';
import { validCpf } from '../../../../support/sales-fixtures';
import * as E from 'fp-ts/Either';
import { salesCollection } from '../../../../../src/adapters/mongo/sales/sales-collection';

const manualSale = (overrides: Record<string, unknown> = {}) => ({
  venda: { sellerId: 'S-9', sellerName: 'Carla', financingApprovalDate: '2026-11-10T15:00:00.000Z' },
  pessoa: {
    fullName: 'Ana Souza',
    cpf: '529.982.247-25',
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
  ...overrides,
});

describe('sales and vendor routes', () => {
  let rt: SalesRuntime;
  let receiver: TestReceiver;
  let key: string;

  beforeEach(async () => {
    receiver = new TestReceiver();
    rt = await openSalesRuntime({
      env: { SALES_WEBHOOK_URL: await receiver.start() },
      overrides: { webhookTimeoutMs: 1_000 },
    });
    const user = await rt.createUser({ role: 'operator' });
    key = (await rt.createApiKey(user.email)).key;
  });
  afterEach(async () => {
    await rt.close();
    await receiver.stop();
  });

  const api = () => request(rt.callback);

  it('POST /api/sales/manual stores the sale and answers 201 with the webhook-entry shape', async () => {
    const res = await api().post('/api/sales/manual').set('x-api-key', key).send(manualSale()).expect(201);
    expect(Object.keys(res.body).sort()).to.deep.equal(['endereco', 'pessoa', 'veiculo', 'venda', 'vendedor']);
    expect(res.body.venda).to.include({
      sellerId: 'S-9',
      sellerName: 'Carla',
      financingApprovalDate: '2026-11-10T15:00:00.000Z',
    });
    expect(res.body.pessoa).to.include({
      fullName: 'Ana Souza',
      cpf: '52998224725',
      mobile: '5511987654321',
      birthDate: '1990-02-03',
    });
    expect(res.body.vendedor).to.equal(null);
    expect(await salesCollection(rt.db).countDocuments({})).to.equal(1);
  });

  it(
    'answers 400 in the sales error format and stores nothing for a bad CPF, a missing fullName, an unknown ' +
      'vendor',
    async () => {
      const cases: [Record<string, unknown>, string][] = [
        [manualSale({ pessoa: { fullName: 'Ana', cpf: '529.982.247-24' } }), 'pessoa.cpf must be a valid CPF'],
        [manualSale({ pessoa: { cpf: validCpf(5) } }), 'pessoa.fullName is required'],
        [
          manualSale({ vendorId: randomUUID() }),
          'does not exist: it must be the id of a vendor, not its vendorId code',
        ],
        [manualSale({ vendorId: 'V-1' }), "vendorId must be the vendor's id (a UUID), not its vendorId code"],
        [
          manualSale({ veiculo: { ...(manualSale().veiculo as object), manufactureYear: 1899 } }),
          'veiculo.manufactureYear must be an integer',
        ],
        [
          manualSale({ veiculo: { ...(manualSale().veiculo as object), modelYear: new Date().getUTCFullYear() + 3 } }),
          `veiculo.modelYear must be an integer from 1900 to ${new Date().getUTCFullYear() + 2}`,
        ],
        [
          manualSale({ veiculo: { ...(manualSale().veiculo as object), modelYear: 2020.5 } }),
          'veiculo.modelYear must be an integer',
        ],
        [manualSale({ pessoa: { fullName: 'Ana', cpf: { $ne: null } } }), 'pessoa.cpf'],
      ];
      for (const [body, message] of cases) {
        const res = await api().post('/api/sales/manual').set('x-api-key', key).send(body).expect(400);
        expect(res.body).to.include({ statusCode: 400, path: '/api/sales/manual' });
        expect((res.body.error as string[]).join(' ')).to.contain(message);
        // A vehicle refused for one field is not also "veiculo must be an object or null".
        if (message.startsWith('veiculo.')) expect(res.body.error).to.have.length(1);
      }
      expect(await salesCollection(rt.db).countDocuments({})).to.equal(0);
    },
  );

  it('needs a credential (401 without)', async () => {
    await api().post('/api/sales/manual').send(manualSale()).expect(401);
    await api().get('/api/sales').expect(401);
    await api().get('/vendors').expect(401);
  });

  it(
    'PATCH /api/sales/{id}/status stores each of the four events; webhook_received sets ' + 'webhookProcessed',
    async () => {
      const { body: created } = await api()
        .post('/api/sales/manual')
        .set('x-api-key', key)
        .send(manualSale())
        .expect(201);
      const id = created.venda.id as string;
      await api()
        .patch(`/api/sales/${id}/status`)
        .set('x-api-key', key)
        .send({ event: 'template_sent' })
        .expect(200, { id, event: 'template_sent', webhookProcessed: false });
      await api()
        .patch(`/api/sales/${id}/status`)
        .set('x-api-key', key)
        .send({ event: 'contact_failed', no_contact_reason: 'no answer' })
        .expect(200);
      const forwarded = await api()
        .patch(`/api/sales/${id}/status`)
        .set('x-api-key', key)
        .send({ event: 'lead_forwarded', sent_to: 'Concessionária X', sent_to_number: '11999990000', dealership: 'X' })
        .expect(200);
      expect(forwarded.body.webhookProcessed).to.equal(false);
      const detail = await api().get(`/api/sales/${id}`).set('x-api-key', key).expect(200);
      expect(detail.body.lastEvent).to.include({
        event: 'lead_forwarded',
        sentTo: 'Concessionária X',
        sentToNumber: '11999990000',
        dealership: 'X',
      });
      await api()
        .patch(`/api/sales/${id}/status`)
        .set('x-api-key', key)
        .send({ event: 'webhook_received' })
        .expect(200, { id, event: 'webhook_received', webhookProcessed: true });
      await api().patch(`/api/sales/${id}/status`).set('x-api-key', key).send({ event: 'sale_won' }).expect(400);
      await api()
        .patch(`/api/sales/${randomUUID()}/status`)
        .set('x-api-key', key)
        .send({ event: 'template_sent' })
        .expect(404);
    },
  );

  it('POST /api/sales/{id}/trigger-webhook sends the sale alone and reports the destination status', async () => {
    const { body: created } = await api()
      .post('/api/sales/manual')
      .set('x-api-key', key)
      .send(manualSale())
      .expect(201);
    const id = created.venda.id as string;
    await api()
      .post(`/api/sales/${id}/trigger-webhook`)
      .set('x-api-key', key)
      .expect(200, { success: true, saleId: id, destinationStatus: 200 });
    expect(receiver.envelopes()[0]?.totalVendas).to.equal(1);
    receiver.behaviour = { status: 500 };
    await api()
      .post(`/api/sales/${id}/trigger-webhook`)
      .set('x-api-key', key)
      .expect(200, { success: false, saleId: id, destinationStatus: 500 });
    const detail = await api().get(`/api/sales/${id}`).set('x-api-key', key).expect(200);
    expect(detail.body.delivery).to.include({
      webhookProcessed: false,
      forceReprocess: true,
      attempts: 2,
      lastOutcome: '500',
    });
    await api().post(`/api/sales/${randomUUID()}/trigger-webhook`).set('x-api-key', key).expect(404);
  });

  it('GET /api/sales lists with pagination and the processed filter', async () => {
    for (let i = 0; i < 3; i += 1)
      await api().post('/api/sales/manual').set('x-api-key', key).send(manualSale()).expect(201);
    const page = await api().get('/api/sales?limit=2&page=1').set('x-api-key', key).expect(200);
    expect(page.body).to.include({ total: 3, page: 1, limit: 2, hasMore: true });
    expect(page.body.data).to.have.length(2);
    await api()
      .get('/api/sales?processed=true')
      .set('x-api-key', key)
      .expect(200)
      .then((res) => expect(res.body.total).to.equal(0));
    await api().get('/api/sales?limit=500').set('x-api-key', key).expect(400);
  });

  it('vendors: create, read, replace (vendorId kept unless given), list; 404 unknown; 409 duplicate code', async () => {
    const created = await api()
      .post('/vendors')
      .set('x-api-key', key)
      .send({
        vendorId: 'V-1',
        name: 'Loja A',
        store: 'Centro',
        phone: '1133334444',
        isActive: true,
        webhookEnabled: true,
      })
      .expect(201);
    const id = created.body.id as string;
    expect(created.body).to.include({ vendorId: 'V-1', name: 'Loja A', isActive: true, webhookEnabled: true });
    await api()
      .get(`/vendors/${id}`)
      .set('x-api-key', key)
      .expect(200)
      .then((res) => expect(res.body.name).to.equal('Loja A'));
    const replaced = await api()
      .put(`/vendors/${id}`)
      .set('x-api-key', key)
      .send({ name: 'Loja B', store: 'Norte', phone: '1', isActive: false, webhookEnabled: false })
      .expect(200);
    expect(replaced.body).to.include({
      vendorId: 'V-1',
      name: 'Loja B',
      store: 'Norte',
      isActive: false,
      webhookEnabled: false,
    });
    await api()
      .put(`/vendors/${randomUUID()}`)
      .set('x-api-key', key)
      .send({ name: 'x', store: 'y', phone: 'z', isActive: true, webhookEnabled: true })
      .expect(404);
    await api()
      .post('/vendors')
      .set('x-api-key', key)
      .send({ vendorId: 'V-1', name: 'Dup', store: 's', phone: 'p', isActive: true, webhookEnabled: true })
      .expect(409);
    await api().put(`/vendors/${id}`).set('x-api-key', key).send({ name: 'Loja C' }).expect(400);
    const list = await api().get('/vendors').set('x-api-key', key).expect(200);
    expect(list.body).to.include({ total: 1, page: 1, limit: 20, hasMore: false });
  });

  it(
    'PUT /vendors/{id} with the update body {name, isActive, webhookEnabled} keeps store, phone and vendorId ' +
      '(CONTRACT 3.3)',
    async () => {
      const created = await api()
        .post('/vendors')
        .set('x-api-key', key)
        .send({
          vendorId: 'V-7',
          name: 'Loja A',
          store: 'Centro',
          phone: '1133334444',
          isActive: true,
          webhookEnabled: true,
        })
        .expect(201);
      const id = created.body.id as string;
      const updated = await api()
        .put(`/vendors/${id}`)
        .set('x-api-key', key)
        .send({ name: 'Loja B', isActive: false, webhookEnabled: false })
        .expect(200);
      expect(updated.body).to.include({
        vendorId: 'V-7',
        name: 'Loja B',
        store: 'Centro',
        phone: '1133334444',
        isActive: false,
        webhookEnabled: false,
      });
      const read = await api().get(`/vendors/${id}`).set('x-api-key', key).expect(200);
      expect(read.body).to.include({ store: 'Centro', phone: '1133334444' });
      const phoneOnly = await api()
        .put(`/vendors/${id}`)
        .set('x-api-key', key)
        .send({ name: 'Loja B', isActive: true, webhookEnabled: true, phone: '1' })
        .expect(200);
      expect(phoneOnly.body).to.include({ store: 'Centro', phone: '1', isActive: true });
      for (const bad of [
        { name: 'x', isActive: true },
        { name: 'x', isActive: true, webhookEnabled: true, store: 5 },
        { name: ' ', isActive: true, webhookEnabled: true },
      ]) {
        const res = await api().put(`/vendors/${id}`).set('x-api-key', key).send(bad).expect(400);
        expect(res.body).to.include({ statusCode: 400, path: `/vendors/${id}` });
      }
      const after = await api().get(`/vendors/${id}`).set('x-api-key', key).expect(200);
      expect(after.body).to.include({ name: 'Loja B', store: 'Centro', phone: '1', isActive: true });
    },
  );

  it('a sale of a vendor with webhooks disabled is skipped by dispatch but sent by the manual trigger', async () => {
    const vendor = await api()
      .post('/vendors')
      .set('x-api-key', key)
      .send({ vendorId: 'V-2', name: 'Loja', store: 's', phone: 'p', isActive: true, webhookEnabled: false })
      .expect(201);
    const { body: sale } = await api()
      .post('/api/sales/manual')
      .set('x-api-key', key)
      .send(manualSale({ vendorId: vendor.body.id }))
      .expect(201);
    expect(sale.vendedor).to.deep.equal({
      id: vendor.body.id,
      vendorId: 'V-2',
      name: 'Loja',
      isActive: true,
      webhookEnabled: false,
    });
    const pass = await rt.runtime.app.sales.useCases.dispatchPendingSales.execute();
    expect(pass).to.deep.equal(
      E.right({
        eligible: 0,
        claimed: 0,
        delivered: 0,
        failed: 0,
        released: 0,
        skipped: 1,
        deadlineReached: false,
        outcomes: {},
      }),
    );
    expect(receiver.received).to.have.length(0);
    await api().post(`/api/sales/${sale.venda.id}/trigger-webhook`).set('x-api-key', key).expect(200);
    expect(receiver.saleIdsReceived()).to.deep.equal([sale.venda.id]);
  });

  it('POST /api/sales/manual is limited to 10 requests per 300 s (the 11th is 429 with Retry-After)', async () => {
    await rt.close();
    rt = await openSalesRuntime({
      env: { SALES_WEBHOOK_URL: receiver.url('/hook') },
      overrides: { salesRateLimit: { limit: 20, windowMs: 60_000 } },
    });
    const user = await rt.createUser({ role: 'operator' });
    key = (await rt.createApiKey(user.email)).key;
    for (let i = 0; i < 10; i += 1) {
      const res = await api().post('/api/sales/manual').set('x-api-key', key).send(manualSale());
      expect(res.status).to.equal(201);
      expect(res.headers['x-ratelimit-limit']).to.equal('10');
    }
    const limited = await api().post('/api/sales/manual').set('x-api-key', key).send(manualSale()).expect(429);
    expect(limited.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
    expect(Number(limited.headers['retry-after'])).to.be.within(1, 300);
  });
});

describe('trigger-webhook without SALES_WEBHOOK_URL', () => {
  it('answers 503', async () => {
    const rt = await openSalesRuntime();
    try {
      const user = await rt.createUser({ role: 'admin' });
      const { key } = await rt.createApiKey(user.email);
      const { body } = await request(rt.callback)
        .post('/api/sales/manual')
        .set('x-api-key', key)
        .send(manualSale())
        .expect(201);
      const res = await request(rt.callback)
        .post(`/api/sales/${body.venda.id}/trigger-webhook`)
        .set('x-api-key', key)
        .expect(503);
      expect(res.body.statusCode).to.equal(503);
    } finally {
      await rt.close();
    }
  });
});
