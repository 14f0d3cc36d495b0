import { bucketsFitDays, ChatKpiTally } from '../../domain/kpi/chat-kpi-period';
import type { KpiPeriod } from '../../domain/kpi/period';
import { ResponseTurns, type ResponseFigures } from '../../domain/kpi/response-turns';
import { FunnelBook, type Funnel } from '../../domain/kpi/sdr-activity';
import { phoneOfJid } from '../../domain/sdr/gateway-message';
import type { GatewayActivity, SdrInteractionRepository } from '../sdr/ports';
import type { ChatReadModel, ContactReadModel, ReadModelFreshness } from '../sdr/read-model-ports';

export interface FunnelSources {
  readonly interactions: SdrInteractionRepository;
  readonly gateway: GatewayActivity;
  readonly contacts: ContactReadModel;
  readonly chats: Pick<ChatReadModel, 'activeBetween'>;
  readonly freshness: ReadModelFreshness;
}

/**
 * The funnel of a period (CONTRACT 8.3, 10.1) and, when asked, the response figures, from the activity
 * of the period only: the interactions written in it (an indexed time range), the contacts whose
 * conversion (kept in the contact read model) falls in it, and the chats active in it with the KPI facts
 * the chat read model keeps (chat-kpi-facts.ts): the period's messages are not read, but for the two
 * 15-minute buckets its bounds may cut. A period with no activity reads nothing else.
 */
export async function measureFunnel(
  sources: FunnelSources,
  period: KpiPeriod,
  withResponses: true,
): Promise<Funnel & ResponseFigures>;
export async function measureFunnel(sources: FunnelSources, period: KpiPeriod, withResponses: false): Promise<Funnel>;
export async function measureFunnel(
  sources: FunnelSources,
  period: KpiPeriod,
  withResponses: boolean,
): Promise<Funnel | (Funnel & ResponseFigures)> {
  await sources.freshness.catchUp();
  const book = new FunnelBook(period);
  for await (const interaction of sources.interactions.writtenBetween(period.from, period.to))
    book.addInteractionActivity(interaction);
  for await (const conversion of sources.contacts.conversionsBetween(period.from, period.to))
    book.addConversion(conversion.sessionId, conversion.at);
  const responses = bucketsFitDays(period)
    ? await tallyChats(sources, period, book)
    : await tallyMessages(sources.gateway, period, book, withResponses);
  const funnel = book.funnel();
  return withResponses ? { ...funnel, ...responses } : funnel;
}

/** From the chats' kept facts, and the messages of the buckets the bounds cut. */
async function tallyChats(sources: FunnelSources, period: KpiPeriod, book: FunnelBook): Promise<ResponseFigures> {
  const tally = new ChatKpiTally(period, book);
  for (const edge of tally.edges)
    for await (const message of sources.gateway.messagesBetween(edge))
      tally.addEdgeMessage({ ...message, phone: phoneOfJid(message.remoteJid) });
  for await (const chat of sources.chats.activeBetween(period)) tally.addChat(chat);
  return tally.figures();
}

/**
 * From the period's messages: a zone whose local days do not start on 15-minute boundaries (none of
 * our time has one; a historical offset such as a local mean time would) cannot use the buckets.
 */
async function tallyMessages(
  gateway: GatewayActivity,
  period: KpiPeriod,
  book: FunnelBook,
  withResponses: boolean,
): Promise<ResponseFigures> {
  const turns = new ResponseTurns();
  for await (const message of gateway.messagesBetween({ from: period.from, to: period.to })) {
    const phone = phoneOfJid(message.remoteJid);
    if (phone !== undefined) book.addMessage(phone, message.at);
    if (withResponses) turns.add(message);
  }
  if (!withResponses) return turns.figures();
  const awaiting = turns.awaitingReply();
  if (awaiting.length > 0)
    for (const reply of await gateway.firstRepliesAfter(awaiting, period.to)) turns.addLateReply(reply);
  const firstTurns = turns.firstTurnsToSettle();
  turns.settleFirstTurns(firstTurns.length === 0 ? [] : await gateway.lastMessagesBefore(firstTurns, period.from));
  return turns.figures();
}
