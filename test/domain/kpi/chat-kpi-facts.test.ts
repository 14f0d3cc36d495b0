import { expect } from 'chai';
import { activeDaysOf, kpiFactsOf, NO_KPI_FACTS } from '../../../src/domain/kpi/chat-kpi-facts';
import { bucketsFitDays, ChatKpiTally, periodBuckets } from '../../../src/domain/kpi/chat-kpi-period';
import { kpiPeriod } from '../../../src/domain/kpi/period';
import { FunnelBook } from '../../../src/domain/kpi/sdr-activity';
import type { CanonicalPhone } from '../../../src/domain/shared/phone';

const T = Date.parse('2026-03-02T00:00:00.000Z') / 1000;
const MIN = 60;
const inbound = (at: number) => ({ at, fromMe: false });
const outbound = (at: number) => ({ at, fromMe: true });
const period = (from: number, to: number, zone = 'UTC') =>
  kpiPeriod(new Date(from * 1000), new Date(to * 1000), zone, `${from}-${to}`);
const PHONE = '5511987654321' as CanonicalPhone;
const chat = (messages: { at: number; fromMe: boolean }[]) => ({
  instance: 'main',
  remoteJid: '5511987654321@s.whatsapp.net',
  phone: PHONE,
  kpi: kpiFactsOf(messages),
});

describe("a chat's KPI facts (CONTRACT 8.3, issue 35)", () => {
  it('keeps the 15-minute buckets, the inbound ones and the turns, in time order (inbound first at one second)', () => {
    const facts = kpiFactsOf([outbound(T + 30 * MIN), inbound(T), inbound(T + 2 * MIN), outbound(T + 2 * MIN)]);
    expect(facts.buckets).to.deep.equal([T / 900, T / 900 + 2]);
    expect(facts.inboundBuckets).to.deep.equal([T / 900]);
    expect(facts.turns).to.deep.equal([{ start: T, lastInbound: T + 2 * MIN, reply: T + 2 * MIN }]);
    expect(kpiFactsOf([inbound(T)]).turns).to.deep.equal([{ start: T, lastInbound: T, reply: null }]);
    expect(kpiFactsOf([])).to.deep.equal(NO_KPI_FACTS);
    expect(activeDaysOf(kpiFactsOf([inbound(T), inbound(T + 86_400 + 1)]))).to.deep.equal([T / 86_400, T / 86_400 + 1]);
  });

  it('cuts a period into whole buckets and the windows of the buckets its bounds cut', () => {
    expect(periodBuckets(period(T, T + 3600 - 0.001))).to.deep.equal({ first: T / 900, last: T / 900 + 3, edges: [] });
    const cut = periodBuckets(period(T + 60, T + 1000));
    expect(cut.first).to.equal(T / 900 + 1);
    expect(cut.last).to.equal(T / 900);
    expect(cut.edges.map((e) => [e.from.getTime() / 1000, e.to.getTime() / 1000])).to.deep.equal([
      [T + 60, T + 900 - 0.001],
      [T + 900, T + 1000],
    ]);
    expect(bucketsFitDays(period(T, T + 86_400, 'Asia/Kathmandu'))).to.equal(true);
    // 1890: the local mean time of Sao Paulo (-03:06:28) does not start its days on a bucket boundary.
    const lmt = Date.parse('1890-01-01T12:00:00Z') / 1000;
    expect(bucketsFitDays(period(lmt, lmt + 86_400, 'America/Sao_Paulo'))).to.equal(false);
  });

  it('counts turns that start in the period and their seconds; a run begun before it does not count', () => {
    const p = period(T, T + 86_400 - 0.001);
    const tally = new ChatKpiTally(p, new FunnelBook(p));
    tally.addChat(chat([inbound(T - 60), outbound(T + 60), inbound(T + 600), outbound(T + 660)]));
    expect(tally.figures()).to.deep.equal({ averageResponseTimeSeconds: 60, responseRate: 1 });
  });

  it('a run spanning the whole period has an inbound in it only when a whole or a cut bucket says so', () => {
    // A period cut inside buckets at both ends; the run starts before it and is answered after it.
    const p = period(T + 100, T + 5000);
    const spanning = chat([inbound(T), inbound(T + 4950), inbound(T + 9000), outbound(T + 9600)]);
    const withEdge = new ChatKpiTally(p, new FunnelBook(p));
    // The inbound message at T + 4950 lies in the cut bucket at the end: read from the messages.
    withEdge.addEdgeMessage({ ...spanning, fromMe: false, at: new Date((T + 4950) * 1000), phone: PHONE });
    withEdge.addChat(spanning);
    expect(withEdge.figures()).to.deep.equal({ averageResponseTimeSeconds: null, responseRate: 1 });
    const quiet = chat([inbound(T), inbound(T + 9000), outbound(T + 9600)]);
    const without = new ChatKpiTally(p, new FunnelBook(p));
    without.addChat(quiet);
    expect(without.figures()).to.deep.equal({ averageResponseTimeSeconds: null, responseRate: 0 });
  });
});
