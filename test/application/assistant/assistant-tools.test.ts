import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { findContactTool } from '../../../src/application/assistant/tools/find-contact-tool';
import { findPoliciesTool } from '../../../src/application/assistant/tools/find-policies-tool';
import { getSdrKpisTool } from '../../../src/application/assistant/tools/get-sdr-kpis-tool';
import { searchSalesTool } from '../../../src/application/assistant/tools/search-sales-tool';
import type { AssistantTool } from '../../../src/application/assistant/tool';
import { CachedKpiReport, SdrKpiReport } from '../../../src/application/kpi/cached-kpi-report';
import { CachedReports } from '../../../src/application/kpi/cached-reports';
import { GetSdrKpi } from '../../../src/application/kpi/get-sdr-kpi';
import { FindPolicies } from '../../../src/application/policies/find-policies';
import { ListSales } from '../../../src/application/sales/list-sales';
import type { SalesIdentity } from '../../../src/domain/sales-identity/sales-user';
import { CPF_A, CPF_B, storedPolicy } from '../../support/contracts/policy-repository-contract';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemoryContactDirectory } from '../../support/fakes/in-memory-contact-directory';
import { InMemoryGatewayMessageStore } from '../../support/fakes/in-memory-gateway-message-store';
import { InMemoryPersonRepository } from '../../support/fakes/in-memory-person-repository';
import { InMemoryPolicyRepository } from '../../support/fakes/in-memory-policy-repository';
import { InMemorySaleRepository } from '../../support/fakes/in-memory-sale-repository';
import { InMemorySdrInteractionRepository } from '../../support/fakes/in-memory-sdr-interaction-repository';
import { InMemoryVendorRepository } from '../../support/fakes/in-memory-vendor-repository';
import { InMemoryKpiCache } from '../../../src/adapters/kpi-cache/in-memory-kpi-cache';
import { person, sale, sdrInteraction, vendor } from '../../support/sales-fixtures';
import { fakeReadSide } from '../../support/sdr-read-side';

/**
 * The assistant's four tools (CONTRACT 8.4, 8.7) over their use cases on fakes (each fake passes its
 * port's contract suite). A Left is the problem the model reads; the caller never sees it as a failure.
 */
const operator: SalesIdentity = { id: 'u-op', username: 'op@example.com', role: 'operator' };
const invoke = async (tool: AssistantTool, args: unknown) =>
  tool.invoke(typeof args === 'string' ? args : JSON.stringify(args), operator);
const rightOf = async (tool: AssistantTool, args: unknown): Promise<unknown> => {
  const result = await invoke(tool, args);
  if (E.isLeft(result)) throw new Error(`expected a Right, got ${result.left.join('; ')}`);
  return result.right;
};

describe('Assistant tools (on fakes)', () => {
  describe('find_contact {phone}', () => {
    let interactions: InMemorySdrInteractionRepository;
    let directory: InMemoryContactDirectory;
    let gateway: InMemoryGatewayMessageStore;
    let tool: AssistantTool;

    beforeEach(async () => {
      interactions = new InMemorySdrInteractionRepository();
      directory = new InMemoryContactDirectory();
      gateway = new InMemoryGatewayMessageStore();
      const ana = person({ fullName: 'Ana Souza', mobile: '5511987654321' });
      directory.addPerson(ana);
      await interactions.insert(
        sdrInteraction({
          personId: ana.id,
          phone: '5511987654321',
          phoneKey: '1187654321',
          status: 'interested',
          createdAt: new Date('2026-03-01T12:00:00.000Z'),
          updatedAt: new Date('2026-03-01T12:00:00.000Z'),
        }),
      );
      await interactions.insert(sdrInteraction({ phone: '5521999998888', phoneKey: '2199998888' }));
      // The contact read model, built as production builds it (the follower's first catch-up).
      const side = fakeReadSide({ interactions, gateway, directory });
      tool = findContactTool({ contacts: side.contacts, freshness: side.follower });
    });

    it('is offered to every role', () => {
      expect(tool).to.deep.include({ name: 'find_contact', roles: ['admin', 'manager', 'operator'] });
    });

    it('the contact of a phone however it is written, with the phone in canonical form', async () => {
      for (const phone of ['(11) 98765-4321', '+55 11 98765-4321', '11987654321']) {
        const found = (await rightOf(tool, { phone })) as {
          phone: string;
          contacts: { phone: string; name: string; status: string; firstInteraction: string; lastSaleAt: null }[];
        };
        expect(found.phone, phone).to.equal('5511987654321');
        expect(
          found.contacts.map((c) => ({
            phone: c.phone,
            name: c.name,
            status: c.status,
            firstInteraction: c.firstInteraction,
            lastSaleAt: c.lastSaleAt,
          })),
          phone,
        ).to.deep.equal([
          {
            phone: '5511987654321',
            name: 'Ana Souza',
            status: 'interested',
            firstInteraction: '2026-03-01T12:00:00.000Z',
            lastSaleAt: null,
          },
        ]);
      }
    });

    it('a valid phone without a contact: no contacts (nothing found is not a problem)', async () => {
      expect(await rightOf(tool, { phone: '(31) 99999-0000' })).to.deep.equal({ phone: '5531999990000', contacts: [] });
    });

    it('Left for a phone that is not a Brazilian number with area code', async () => {
      for (const phone of ['abc', '98765-4321', '(20) 98765-4321', '+1 212 555 0100', '']) {
        expect(await invoke(tool, { phone }), phone).to.deep.equal(
          E.left(['phone must be a Brazilian phone number with area code']),
        );
      }
    });

    it('Left for arguments that do not decode: no phone, a phone that is not a string, an unknown member', async () => {
      expect(await invoke(tool, {})).to.deep.equal(E.left(['phone is required']));
      expect(await invoke(tool, { phone: 11987654321 })).to.deep.equal(E.left(['phone must be string']));
      expect(await invoke(tool, { phone: '11987654321', name: 'Ana' })).to.deep.equal(E.left(['name is not allowed']));
    });

    it(
      'the contacts of every phone sharing the match key (a landline and a mobile of the same digits), newest ' +
        'activity first',
      async () => {
        const message = (id: string, jid: string, at: string) => ({
          instance: 'main',
          key: { id, remoteJid: jid, fromMe: false },
          pushName: 'Ana',
          messageType: 'conversation',
          message: { conversation: 'oi' },
          messageTimestamp: Date.parse(at) / 1000,
        });
        gateway.write(
          message('M1', '5511933334444@s.whatsapp.net', '2026-03-04T12:00:00.000Z'),
          message('M2', '551133334444@s.whatsapp.net', '2026-03-05T12:00:00.000Z'),
          message('M3', '551133334444@s.whatsapp.net', '2026-03-06T12:00:00.000Z'),
        );
        const found = (await rightOf(tool, { phone: '(11) 3333-4444' })) as {
          phone: string;
          contacts: { phone: string; messageCount: number; interactionCount: number }[];
        };
        expect(found.phone).to.equal('551133334444');
        expect(found.contacts.map((c) => [c.phone, c.messageCount, c.interactionCount])).to.deep.equal([
          ['551133334444', 2, 0],
          ['5511933334444', 1, 0],
        ]);
      },
    );
  });

  describe('find_policies {cpf}', () => {
    let policies: InMemoryPolicyRepository;
    let people: InMemoryPersonRepository;
    let tool: AssistantTool;

    beforeEach(async () => {
      policies = new InMemoryPolicyRepository();
      people = new InMemoryPersonRepository();
      await policies.insert(storedPolicy({ policyNumber: 'P-OLD', createdAt: new Date('2026-01-01T00:00:00.000Z') }));
      await policies.insert(
        storedPolicy({ policyNumber: 'P-NEW', insurer: 'Allianz', createdAt: new Date('2026-06-01T00:00:00.000Z') }),
      );
      await policies.insert(storedPolicy({ policyNumber: 'P-OTHER', cpf: CPF_B }));
      tool = findPoliciesTool(new FindPolicies(policies, people));
    });

    it('is offered to every role', () => {
      expect(tool).to.deep.include({ name: 'find_policies', roles: ['admin', 'manager', 'operator'] });
    });

    it(
      "the CPF's policies newest first, with the fields the model reads, the CPF written with or without " +
        'punctuation',
      async () => {
        for (const cpf of [CPF_A, '529.982.247-25']) {
          const found = (await rightOf(tool, { cpf })) as { cpf: string; policies: Record<string, unknown>[] };
          expect(found.cpf).to.equal(CPF_A);
          expect(found.policies.map((p) => p.policyNumber)).to.deep.equal(['P-NEW', 'P-OLD']);
          expect(found.policies[0]).to.deep.equal({
            policyNumber: 'P-NEW',
            insurer: 'Allianz',
            product: 'auto',
            status: 'pending',
            premiumCents: 100_000,
            startDate: '2026-01-01',
            endDate: '2027-01-01',
            vehiclePlate: 'BRA2E19',
            saleId: null,
          });
        }
      },
    );

    it('a valid CPF without policies: an empty list', async () => {
      expect(await rightOf(tool, { cpf: '390.533.447-05' })).to.deep.equal({ cpf: '39053344705', policies: [] });
    });

    it(
      'Left for a CPF that is not valid: letters, another digit count, repeated digits, a wrong check ' + 'digit',
      async () => {
        for (const cpf of ['abc', '5299822472', '111.111.111-11', '529.982.247-26']) {
          expect(await invoke(tool, { cpf }), cpf).to.deep.equal(
            E.left(['cpf must be a valid CPF (11 digits, check digits)']),
          );
        }
      },
    );

    it('Left for arguments that do not decode', async () => {
      expect(await invoke(tool, {})).to.deep.equal(E.left(['cpf is required']));
      expect(await invoke(tool, { cpf: 52998224725 })).to.deep.equal(E.left(['cpf must be string']));
      expect(await invoke(tool, '[]')).to.deep.equal(E.left(['arguments must be a JSON object']));
    });

    it('when the policy lookup refuses, the model reads an empty list, not a failure', async () => {
      class RefusingFindPolicies extends FindPolicies {
        override async execute(): ReturnType<FindPolicies['execute']> {
          return E.left({ _tag: 'PolicyNotFound' });
        }
      }
      expect(await rightOf(findPoliciesTool(new RefusingFindPolicies(policies, people)), { cpf: CPF_A })).to.deep.equal(
        { cpf: CPF_A, policies: [] },
      );
    });
  });

  describe('search_sales {cpf?, name?, limit?}', () => {
    let tool: AssistantTool;
    let ids: string[];

    beforeEach(async () => {
      const people = new InMemoryPersonRepository();
      const vendors = new InMemoryVendorRepository();
      const sales = new InMemorySaleRepository(people, vendors);
      const store = vendor({ name: 'Auto Center' });
      await vendors.insert(store);
      const maria = await people.saveByCpf(person({ fullName: 'Maria da Silva', cpf: CPF_A }));
      const joao = await people.saveByCpf(person({ fullName: 'João Pereira', cpf: CPF_B }));
      ids = [];
      for (let i = 0; i < 12; i += 1) {
        const one = sale(i % 3 === 0 ? maria.id : joao.id, {
          createdAt: new Date(Date.UTC(2026, 2, 1 + i)),
          vendorId: i === 11 ? store.id : null,
        });
        await sales.insert(one);
        ids.push(one.id);
      }
      tool = searchSalesTool(new ListSales(sales));
    });
    const idsOf = (found: unknown) => (found as { sales: { id: string }[] }).sales.map((s) => s.id);
    const newestFirst = (indexes: number[]) => indexes.map((i) => ids[i]);

    it('is offered to every role', () => {
      expect(tool).to.deep.include({ name: 'search_sales', roles: ['admin', 'manager', 'operator'] });
    });

    it('without filters: the last 10 sales, newest first, with the total and the fields the model reads', async () => {
      const found = (await rightOf(tool, {})) as { total: number; sales: Record<string, unknown>[] };
      expect(found.total).to.equal(12);
      expect(idsOf(found)).to.deep.equal(newestFirst([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]));
      expect(found.sales[0]).to.deep.equal({
        id: ids[11],
        createdAt: '2026-03-12T00:00:00.000Z',
        customer: { name: 'João Pereira', cpf: CPF_B, mobile: '5511987654321' },
        seller: 'Carlos',
        vendor: 'Auto Center',
        vehicle: null,
        lastEvent: null,
        webhookProcessed: false,
      });
      expect(found.sales[1]).to.deep.include({ vendor: null });
    });

    it("by the customer's CPF (with punctuation), by part of the name in any case, and at most `limit`", async () => {
      expect(idsOf(await rightOf(tool, { cpf: '529.982.247-25' }))).to.deep.equal(newestFirst([9, 6, 3, 0]));
      expect(idsOf(await rightOf(tool, { name: '  SILVA ' }))).to.deep.equal(newestFirst([9, 6, 3, 0]));
      expect(idsOf(await rightOf(tool, { cpf: CPF_A, name: 'maria', limit: 2 }))).to.deep.equal(newestFirst([9, 6]));
      expect(await rightOf(tool, { name: 'Ninguém' })).to.deep.equal({ total: 0, sales: [] });
      expect(idsOf(await rightOf(tool, { limit: 20 }))).to.have.length(12);
    });

    it('Left for a limit that is not an integer from 1 to 20', async () => {
      for (const limit of [0, 21, -3, 2.5]) {
        expect(await invoke(tool, { limit }), String(limit)).to.deep.equal(
          E.left(['limit must be an integer from 1 to 20']),
        );
      }
    });

    it('Left for a CPF that is not valid', async () => {
      expect(await invoke(tool, { cpf: '123.456.789-00' })).to.deep.equal(
        E.left(['cpf must be a valid CPF (11 digits, check digits)']),
      );
    });

    it('Left for a name shorter than 2 characters once trimmed', async () => {
      for (const name of ['', ' ', 'a', ' b ']) {
        expect(await invoke(tool, { name }), JSON.stringify(name)).to.deep.equal(
          E.left(['name must have at least 2 characters']),
        );
      }
    });

    it('Left for arguments that do not decode', async () => {
      expect(await invoke(tool, { limit: '5' })).to.deep.equal(E.left(['limit must be number']));
      expect(await invoke(tool, { cpf: null })).to.deep.equal(E.left(['cpf must be string']));
      expect(await invoke(tool, { customer: 'Maria' })).to.deep.equal(E.left(['customer is not allowed']));
    });

    it('the problems stop at the first: a bad limit is reported before a bad CPF', async () => {
      expect(await invoke(tool, { limit: 0, cpf: 'x' })).to.deep.equal(
        E.left(['limit must be an integer from 1 to 20']),
      );
    });
  });

  describe('get_sdr_kpis {dateFrom?, dateTo?}', () => {
    let tool: AssistantTool;
    const NOW = new Date('2026-03-20T15:00:00.000Z');

    beforeEach(async () => {
      const interactions = new InMemorySdrInteractionRepository();
      const gateway = new InMemoryGatewayMessageStore();
      // 2026-03-01 12:00 UTC is 09:00 in São Paulo (UTC-3): a contact of local day 2026-03-01.
      await interactions.insert(sdrInteraction());
      await interactions.insert(
        sdrInteraction({
          phone: '5521999998888',
          phoneKey: '2199998888',
          status: 'converted',
          convertedToLead: true,
          convertedAt: new Date('2026-03-05T12:00:00.000Z'),
          createdAt: new Date('2026-03-05T12:00:00.000Z'),
          updatedAt: new Date('2026-03-05T12:00:00.000Z'),
        }),
      );
      const cache = new CachedReports(new InMemoryKpiCache(new ManualClock(NOW)), 60_000);
      const side = fakeReadSide({ interactions, gateway, directory: new InMemoryContactDirectory() });
      tool = getSdrKpisTool(
        new CachedKpiReport(
          'sdr',
          new GetSdrKpi({
            interactions,
            gateway,
            contacts: side.contacts,
            chats: side.chats,
            freshness: side.follower,
          }),
          SdrKpiReport,
          cache,
        ),
        new ManualClock(NOW),
      );
    });

    it('is offered to admins and managers only (CONTRACT 8.7)', () => {
      expect(tool).to.deep.include({ name: 'get_sdr_kpis', roles: ['admin', 'manager'] });
    });

    it('dates are local days of São Paulo, the period from the start of the first to the end of the last', async () => {
      expect(await rightOf(tool, { dateFrom: '2026-03-01', dateTo: '2026-03-01' })).to.deep.equal({
        period: { from: '2026-03-01T03:00:00.000Z', to: '2026-03-02T02:59:59.999Z' },
        timezone: 'America/Sao_Paulo',
        contacts: 1,
        leads: 0,
        conversionRate: 0,
        averageResponseTimeSeconds: null,
        responseRate: 0,
      });
      expect(await rightOf(tool, { dateFrom: '2026-03-01', dateTo: '2026-03-31' })).to.deep.include({
        contacts: 2,
        leads: 1,
        conversionRate: 0.5,
      });
    });

    it('timestamps are instants; without dates, the last 30 local days up to now', async () => {
      expect(
        await rightOf(tool, { dateFrom: '2026-03-05T00:00:00Z', dateTo: '2026-03-06T00:00:00.000-03:00' }),
      ).to.deep.include({
        period: { from: '2026-03-05T00:00:00.000Z', to: '2026-03-06T03:00:00.000Z' },
        contacts: 1,
        leads: 1,
      });
      expect(await rightOf(tool, {})).to.deep.include({
        period: { from: '2026-02-19T03:00:00.000Z', to: NOW.toISOString() },
        contacts: 2,
      });
      expect(await rightOf(tool, '')).to.deep.include({ contacts: 2 });
    });

    it('Left for a date that is not ISO 8601, each bound named, both at once', async () => {
      expect(await invoke(tool, { dateFrom: 'ontem' })).to.deep.equal(E.left(['dateFrom must be an ISO 8601 date']));
      expect(await invoke(tool, { dateTo: '01/03/2026' })).to.deep.equal(E.left(['dateTo must be an ISO 8601 date']));
      expect(await invoke(tool, { dateFrom: '2026-3-1', dateTo: '20260301' })).to.deep.equal(
        E.left(['dateFrom must be an ISO 8601 date; dateTo must be an ISO 8601 date']),
      );
    });

    it('Left for a day the calendar does not have, and for a timestamp that is not a real instant', async () => {
      for (const dateFrom of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-04-31', '2026-03-01T25:00:00Z']) {
        expect(await invoke(tool, { dateFrom }), dateFrom).to.deep.equal(E.left(['dateFrom must be an ISO 8601 date']));
      }
      expect(await rightOf(tool, { dateFrom: '2024-02-29', dateTo: '2024-03-01' })).to.deep.include({ contacts: 0 });
    });

    it('Left when dateFrom is after dateTo', async () => {
      expect(await invoke(tool, { dateFrom: '2026-03-02', dateTo: '2026-03-01' })).to.deep.equal(
        E.left(['dateFrom must not be after dateTo']),
      );
    });

    it('Left when the period exceeds 366 local days', async () => {
      expect(await invoke(tool, { dateFrom: '2025-01-01', dateTo: '2026-01-02' })).to.deep.equal(
        E.left(['the period must not exceed 366 days (it covers 367 local days)']),
      );
      expect(await rightOf(tool, { dateFrom: '2025-01-01', dateTo: '2026-01-01' })).to.deep.include({ contacts: 0 });
    });

    it('Left for arguments that do not decode', async () => {
      expect(await invoke(tool, { dateFrom: 20260301 })).to.deep.equal(E.left(['dateFrom must be string']));
      expect(await invoke(tool, { from: '2026-03-01' })).to.deep.equal(E.left(['from is not allowed']));
    });
  });
});
