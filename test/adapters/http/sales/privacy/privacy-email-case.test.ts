import { expect } from 'chai';
import request from 'supertest';
import { manualSaleBody } from '../../../../support/sales-fixtures';
import { eraseOnSales } from './erasure-world';
import { openSalesRuntime, type SalesRuntime } from '../../../../support/sales-runtime';
import { holdingCounts } from '../../../../support/privacy';

/** The sale wrote the address with capitals: the person keeps it as written and is found in any case. */
const ANA = { fullName: 'Ana Souza', cpf: '529.982.247-25', mobile: '(11) 98765-4321' };
const ANA_EMAIL = 'Ana.Souza@Exemplo.com.br';
const BRUNO = { fullName: 'Bruno Lima', cpf: '111.444.777-35', mobile: '(21) 99888-7777' };
const BRUNO_EMAIL = 'Bruno.Lima@Example.com';

/** CONTRACT 12.1, 12.2, 12.4: a data subject named by an e-mail in another case than the stored one. */
describe('sales privacy by an e-mail stored in mixed case (CONTRACT 12.1, 12.2)', () => {
  let rt: SalesRuntime;
  let key: string;
  let anaSale: string;

  beforeEach(async () => {
    rt = await openSalesRuntime();
    key = (await rt.createApiKey((await rt.createUser({ role: 'admin' })).email)).key;
    const sale = async (pessoa: typeof ANA, personalEmail: string) => {
      const res = await api()
        .post('/api/sales/manual')
        .set('x-api-key', key)
        .send(manualSaleBody({ pessoa: { ...pessoa, personalEmail } }));
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      expect(res.body.pessoa.personalEmail).to.equal(personalEmail);
      return String(res.body.venda.id);
    };
    anaSale = await sale(ANA, ANA_EMAIL);
    await sale(BRUNO, BRUNO_EMAIL);
  });
  afterEach(() => rt.close());

  const api = () => request(rt.callback);
  const personOf = (email: string) => rt.db.collection('people').findOne({ personalEmail: email });

  it('the sale answers the e-mail as it was written; the person stores its key beside it', async () => {
    const res = await api().get(`/api/sales/${anaSale}`).set('x-api-key', key).expect(200);
    expect(res.body.pessoa.personalEmail).to.equal(ANA_EMAIL);
    expect(await personOf(ANA_EMAIL)).to.deep.include({ emailKeys: ['ana.souza@exemplo.com.br'] });
  });

  it('holdings and export find the subject by the e-mail in another case; the export keeps it as written', async () => {
    const held = await api()
      .get('/privacy/subjects')
      .query({ email: 'ANA.SOUZA@exemplo.COM.BR' })
      .set('x-api-key', key)
      .expect(200);
    expect(held.body.subject).to.deep.include({ cpf: '52998224725', emails: ['ana.souza@exemplo.com.br'] });
    expect(holdingCounts(held.body)).to.include({ people: 1, sales: 1 });
    const exported = await api()
      .get('/privacy/subjects/export')
      .query({ email: 'ana.souza@EXEMPLO.com.br' })
      .set('x-api-key', key)
      .expect(200);
    expect(exported.body.stores.people).to.have.length(1);
    expect(exported.body.stores.people[0]).to.include({ fullName: ANA.fullName, personalEmail: ANA_EMAIL });
    expect(exported.body.stores.people[0]).not.to.have.property('emailKeys');
    expect(exported.body.stores.sales).to.have.length(1);
    expect(exported.text).not.to.contain('Bruno');
  });

  it('erasure by the e-mail in another case: the person and its sale; the other subject untouched', async () => {
    const brunoBefore = await personOf(BRUNO_EMAIL);
    const done = await eraseOnSales(rt, key, {
      email: 'ANA.souza@exemplo.com.BR',
      reason: 'Pedido do titular, protocolo 2026-044',
    });
    expect(done.status).to.equal('done');
    expect(done.counts).to.include({ people: 1, sales: 1 });
    const people = await rt.db.collection('people').find({}).toArray();
    expect(JSON.stringify(people).toLowerCase()).not.to.contain('ana.souza');
    const erased = people.find((person) => person.erasedAt !== undefined);
    expect(erased).to.deep.include({ fullName: '[removido]', personalEmail: null, emailKeys: [] });
    expect(await personOf(BRUNO_EMAIL)).to.deep.equal(brunoBefore);
    const report = await rt.runtime.app.dataChecks.execute({ repair: false });
    const checks = Object.fromEntries(report.checks.map((check) => [check.name, check.violations]));
    expect(checks).to.include({ 'person-email-keys': 0, 'erased-subjects': 0 });
  });
});
