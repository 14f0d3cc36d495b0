import { FunnelBook, type Funnel } from '../../domain/kpi/sdr-activity';
import type { KpiPeriod } from '../../domain/kpi/period';
import { ResponseTurns, type ResponseFigures } from '../../domain/kpi/response-turns';
import { phoneOfJid } from '../../domain/sdr/gateway-message';
import type { GatewayActivity, SdrInteractionRepository } from '../sdr/ports';
import type { ContactReadModel, ReadModelFreshness } from '../sdr/read-model-ports';

export interface FunnelSources {
  readonly interactions: SdrInteractionRepository;
  readonly gateway: GatewayActivity;
  readonly contacts: ContactReadModel;
  readonly freshness: ReadModelFreshness;
}

/**
 * The funnel of a period (CONTRACT 8.3, 10.1) and, when asked, the response figures, from the activity
 * of the period only: the interactions written in it and its gateway messages (indexed time ranges),
 * and the contacts whose conversion (kept in the contact read model) falls in it. Then the few chats
 * still awaiting a reply, and those whose first turn opened the period, are looked up. A period with
 * no activity reads nothing else, whatever the store holds.
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
  const turns = new ResponseTurns();
  for await (const message of sources.gateway.messagesBetween({ from: period.from, to: period.to })) {
    const phone = phoneOfJid(message.remoteJid);
    if (phone !== undefined) book.addMessage(phone, message.at);
    if (withResponses) turns.add(message);
  }
  const funnel = book.funnel();
  if (!withResponses) return funnel;
  const awaiting = turns.awaitingReply();
  if (awaiting.length > 0)
    for (const reply of await sources.gateway.firstRepliesAfter(awaiting, period.to)) turns.addLateReply(reply);
  const firstTurns = turns.firstTurnsToSettle();
  turns.settleFirstTurns(
    firstTurns.length === 0 ? [] : await sources.gateway.lastMessagesBefore(firstTurns, period.from),
  );
  return { ...funnel, ...turns.figures() };
}
