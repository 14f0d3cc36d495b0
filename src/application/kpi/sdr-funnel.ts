import { FunnelBook, type Funnel } from '../../domain/kpi/sdr-activity';
import type { KpiPeriod } from '../../domain/kpi/period';
import { ResponseTurns, type ResponseFigures } from '../../domain/kpi/response-turns';
import { phoneOfJid } from '../../domain/sdr/gateway-message';
import type { GatewayMessageStore, SdrInteractionRepository } from '../sdr/ports';

export interface FunnelSources {
  readonly interactions: SdrInteractionRepository;
  readonly gateway: GatewayMessageStore;
}

/**
 * The funnel of a period (CONTRACT 8.3) and, when asked, the response figures: every interaction is
 * streamed (a contact's conversion may predate the period), the gateway messages of the period once;
 * then the few chats still awaiting a reply, and those whose first turn opened the period, are looked
 * up. Nothing is held per message, only per contact and per chat.
 */
export async function measureFunnel(sources: FunnelSources, period: KpiPeriod, withResponses: true): Promise<Funnel & ResponseFigures>;
export async function measureFunnel(sources: FunnelSources, period: KpiPeriod, withResponses: false): Promise<Funnel>;
export async function measureFunnel(sources: FunnelSources, period: KpiPeriod, withResponses: boolean): Promise<Funnel | (Funnel & ResponseFigures)> {
  const book = new FunnelBook(period);
  for await (const interaction of sources.interactions.streamAll()) book.addInteraction(interaction);
  const turns = new ResponseTurns();
  for await (const message of sources.gateway.messagesBetween({ from: period.from, to: period.to })) {
    const phone = phoneOfJid(message.remoteJid);
    if (phone !== undefined) book.addMessage(phone, message.at);
    if (withResponses) turns.add(message);
  }
  const funnel = book.funnel();
  if (!withResponses) return funnel;
  const awaiting = turns.awaitingReply();
  if (awaiting.length > 0) for (const reply of await sources.gateway.firstRepliesAfter(awaiting, period.to)) turns.addLateReply(reply);
  const firstTurns = turns.firstTurnsToSettle();
  turns.settleFirstTurns(firstTurns.length === 0 ? [] : await sources.gateway.lastMessagesBefore(firstTurns, period.from));
  return { ...funnel, ...turns.figures() };
}
