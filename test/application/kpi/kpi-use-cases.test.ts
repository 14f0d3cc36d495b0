import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { GetSdrKpi } from '../../../src/application/kpi/get-sdr-kpi';
import { GetSdrTrending } from '../../../src/application/kpi/get-sdr-trending';
import { GetSubscriptionLeads } from '../../../src/application/kpi/get-subscription-leads';
import type { GatewayMessageStore } from '../../../src/application/sdr/ports';
import { resolvePeriod, type KpiPeriod } from '../../../src/domain/kpi/period';
import { gatewayRecord } from '../../support/contracts/gateway-message-store-contract';
import { InMemoryContactDirectory } from '../../support/fakes/in-memory-contact-directory';
import { InMemoryGatewayMessageStore } from '../../support/fakes/in-memory-gateway-message-store';
import { InMemorySdrInteractionRepository } from '../../support/fakes/in-memory-sdr-interaction-repository';
import { person, sdrInteraction } from '../../support/sales-fixtures';
import { streamContacts } from '../../support/sdr-oracle';
import { fakeReadSide } from '../../support/sdr-read-side';

const iso = (s: string) => new Date(s);
const secs = (s: string) => new Date(s).getTime() / 1000;

function periodOf(from: string, to: string): KpiPeriod {
  const result = resolvePeriod(
    { timeZone: 'UTC', dateFrom: { kind: 'instant', at: iso(from) }, dateTo: { kind: 'instant', at: iso(to) } },
    iso('2030-01-01T00:00:00Z'),
  );
  if (!('period' in result)) throw new Error('refused');
  return result.period;
}

describe('KPI use cases (CONTRACT 8.3)', () => {
  it(
    'a contact is one canonical phone across interactions and chats; its lead time is its first ' + 'conversion',
    async () => {
      const interactions = new InMemorySdrInteractionRepository();
      const gateway = new InMemoryGatewayMessageStore();
      // The same person-phone in an interaction and in a chat spelled without the ninth digit.
      await interactions.insert(
        sdrInteraction({
          status: 'converted',
          convertedAt: iso('2026-03-02T10:00:00Z'),
          createdAt: iso('2026-03-01T10:00:00Z'),
          updatedAt: iso('2026-03-02T10:00:00Z'),
        }),
      );
      // A second converted interaction of that phone converted later: the first conversion decides.
      await interactions.insert(
        sdrInteraction({
          convertedToLead: true,
          convertedAt: iso('2026-03-05T10:00:00Z'),
          createdAt: iso('2026-03-05T10:00:00Z'),
          updatedAt: iso('2026-03-05T10:00:00Z'),
        }),
      );
      // Converted once but no longer: not a lead.
      await interactions.insert(
        sdrInteraction({
          phone: '5521999998888',
          phoneKey: '2199998888',
          status: 'interested',
          convertedAt: iso('2026-03-03T10:00:00Z'),
          createdAt: iso('2026-03-03T10:00:00Z'),
          updatedAt: iso('2026-03-04T10:00:00Z'),
        }),
      );
      gateway.write(
        gatewayRecord(1, { jid: '551187654321@s.whatsapp.net', at: secs('2026-03-03T10:00:00Z') }),
        gatewayRecord(2, { jid: '551187654321@s.whatsapp.net', fromMe: true, at: secs('2026-03-03T10:01:00Z') }),
      );
      // The contact read model built the way production builds it: the follower's first catch-up.
      const side = fakeReadSide({ interactions, gateway, directory: new InMemoryContactDirectory() });
      const sources = { interactions, gateway, contacts: side.contacts, chats: side.chats, freshness: side.follower };
      const march = periodOf('2026-03-01T00:00:00Z', '2026-03-07T00:00:00Z');
      const kpi = await new GetSdrKpi(sources).execute({ period: march });
      expect(E.isRight(kpi) && kpi.right).to.deep.include({
        contacts: 2,
        leads: 1,
        conversionRate: 0.5,
        averageResponseTimeSeconds: 60,
        responseRate: 1,
      });
      const lateMarch = await new GetSdrKpi(sources).execute({
        period: periodOf('2026-03-04T00:00:00Z', '2026-03-07T00:00:00Z'),
      });
      expect(E.isRight(lateMarch) && lateMarch.right).to.deep.include({ contacts: 2, leads: 0 });
      const trending = await new GetSdrTrending(sources).execute({ period: march });
      const points = E.isRight(trending) ? trending.right.points.map((p) => [p.date.day, p.contacts, p.leads]) : [];
      expect(points).to.deep.equal([
        [1, 1, 0],
        [2, 1, 1],
        [3, 2, 0],
        [4, 1, 0],
        [5, 1, 0],
        [6, 0, 0],
        [7, 0, 0],
      ]);
    },
  );

  it('web sign-ups: by their first interaction, with a phone by now and qualified by a sale', async () => {
    const interactions = new InMemorySdrInteractionRepository();
    const directory = new InMemoryContactDirectory();
    const withPhone = person({ mobile: '5511900001111', residentialPhone: null });
    const without = person({ mobile: null, residentialPhone: null });
    directory.addPerson(withPhone);
    directory.addPerson(without);
    directory.addSale(without.id, iso('2026-03-04T00:00:00Z'));
    const session = (n: number) => `web-0f8fad5b-d9cb-469f-a165-7086772895${String(n).padStart(2, '0')}`;
    await interactions.insert(
      sdrInteraction({
        phone: null,
        phoneKey: null,
        sessionId: session(1),
        personId: withPhone.id,
        createdAt: iso('2026-03-02T10:00:00Z'),
        updatedAt: iso('2026-03-02T10:00:00Z'),
      }),
    );
    await interactions.insert(
      sdrInteraction({
        phone: null,
        phoneKey: null,
        sessionId: session(2),
        personId: without.id,
        createdAt: iso('2026-03-03T10:00:00Z'),
        updatedAt: iso('2026-03-03T10:00:00Z'),
      }),
    );
    // The same session later: still created on Mar 3.
    await interactions.insert(
      sdrInteraction({
        phone: null,
        phoneKey: null,
        sessionId: session(2),
        personId: without.id,
        createdAt: iso('2026-03-09T10:00:00Z'),
        updatedAt: iso('2026-03-09T10:00:00Z'),
      }),
    );
    await interactions.insert(
      sdrInteraction({ createdAt: iso('2026-03-03T10:00:00Z'), updatedAt: iso('2026-03-03T10:00:00Z') }),
    );
    // Web contacts' facts are all in the interactions: once the models are built, answering reads no
    // chat of the gateway store (only the follower's probe for new messages).
    const gateway = new InMemoryGatewayMessageStore();
    const read: string[] = [];
    const watched = new Proxy(gateway, {
      get: (target, name) => {
        const member: unknown = Reflect.get(target, name);
        if (typeof member !== 'function') return member;
        read.push(String(name));
        return member.bind(target);
      },
    }) as GatewayMessageStore;
    const side = fakeReadSide({ interactions, gateway: watched, directory });
    await side.follower.catchUp();
    read.length = 0;
    const result = await new GetSubscriptionLeads({ contacts: side.contacts, freshness: side.follower }).execute({
      period: periodOf('2026-03-01T00:00:00Z', '2026-03-04T00:00:00Z'),
    });
    expect(read).to.deep.equal(['changedChats']);
    if (E.isLeft(result)) throw new Error('refused');
    expect(result.right).to.deep.include({ total: 2, withPhone: 1, qualified: 1, conversionRate: 0.5 });
    expect(result.right.points.map((p) => [p.date.day, p.total, p.qualified])).to.deep.equal([
      [1, 0, 0],
      [2, 1, 0],
      [3, 1, 1],
      [4, 0, 0],
    ]);
    // The oracle's web scope is the whole contact stream's web contacts, exactly.
    gateway.write(gatewayRecord(1, { at: secs('2026-03-03T10:00:00Z') }));
    const collect = async (scope: 'all' | 'web') => {
      const out = [];
      for await (const c of streamContacts({ interactions, gateway, directory }, scope)) out.push(c);
      return out.sort((a, b) => a.sessionId.localeCompare(b.sessionId));
    };
    const all = await collect('all');
    expect(all.length).to.equal(3);
    expect(await collect('web')).to.deep.equal(all.filter((c) => c.sessionId.startsWith('web-')));
  });
});
