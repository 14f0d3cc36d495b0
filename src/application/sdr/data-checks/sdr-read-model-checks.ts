import { previewOf } from '../../../domain/assistant/chat';
import { POLICY_CREATION_STATUSES } from '../../../domain/policies/policy';
import { phoneOfJid } from '../../../domain/sdr/gateway-message';
import { contactKeyOfInteraction } from '../../../domain/sdr/contact';
import { chatIdOf, type ChatRef } from '../../../domain/sdr/chat';
import type { GatewayMessageStore, SaleQualification, SdrInteractionRepository } from '../../sdr/ports';
import type { PasswordResetCompletion } from '../password-reset-completion';
import type { ChatReadModel, ContactReadModel } from '../../sdr/read-model-ports';
import { refOfChatId, type SdrReadModels } from '../../sdr/read-models/sdr-read-models';
import { mirroredInteractionOf, mirrorTargetOf, sameMirror, saleMirrorOf } from '../../sdr/sale-mirror';
import { CHECK_BATCH, inBatches, type DataCheck, type DataCheckScan, type ViolationBatch } from './data-check';
import type {
  ChatCounterStore,
  ChatCountersChange,
  ChatMessageTally,
  ChatSessionCounters,
  ConversionTimeStore,
  HubMembershipStore,
  PolicyStatusStore,
  ReferenceStore,
  RefreshClaimStore,
  SaleLeaseStore,
  SaleMirrorRecord,
  SaleMirrorStore,
  WebhookReceiptStore,
  OwnedReferenceStore,
  Reference,
  SaleStatusEventStore,
} from './ports';

/**
 * The invariants of CONTRACT 10.2 that `check-data` checks, each named. Derived data (counters,
 * read models) and writes left incomplete by design (a lease, a refresh claim) are repairable; a
 * broken reference or a status that disagrees with its history is source data: named, never touched.
 */

/** The counters a session's messages give it (CONTRACT 8.4); the message number never goes back. */
export function countersOf(session: ChatSessionCounters, tally: ChatMessageTally | undefined): ChatCountersChange {
  if (tally === undefined)
    return {
      messageCount: 0,
      messageSeq: session.messageSeq,
      preview: '',
      lastActivityAt: session.createdAt,
      countedSeq: 0,
    };
  return {
    messageCount: tally.count,
    messageSeq: Math.max(session.messageSeq, tally.last.seq),
    preview: previewOf(tally.last.content),
    lastActivityAt: tally.last.at,
    countedSeq: tally.last.seq,
  };
}

const sameCounters = (session: ChatSessionCounters, expected: ChatCountersChange): boolean =>
  session.messageCount === expected.messageCount &&
  session.messageSeq === expected.messageSeq &&
  session.preview === expected.preview &&
  session.lastActivityAt.getTime() === expected.lastActivityAt.getTime();

/** chat-session-counters: messageCount, preview and lastActivityAt are those of the session's messages. */
export function chatSessionCounters(store: ChatCounterStore): DataCheck {
  return {
    name: 'chat-session-counters',
    promise:
      "each chat session's messageCount, preview and lastActivityAt equal its messages (and its message number is not behind them)",
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const sessions of store.sessions(CHECK_BATCH)) {
        scanned(sessions.length);
        const tallies = new Map((await store.tallies(sessions.map((s) => s.id))).map((t) => [t.sessionId, t]));
        const wrong = sessions
          .map((session) => ({ session, expected: countersOf(session, tallies.get(session.id)) }))
          .filter(({ session, expected }) => !sameCounters(session, expected));
        if (wrong.length === 0) continue;
        yield {
          ids: wrong.map(({ session }) => session.id),
          repair: async () => {
            let fixed = 0;
            for (const { session, expected } of wrong) if (await store.setCounters(session, expected)) fixed += 1;
            return fixed;
          },
        };
      }
    },
  };
}

/** The references of a batch whose target is missing (or outside the reference's scope). */
async function brokenReferences(store: ReferenceStore, references: readonly Reference[]): Promise<Reference[]> {
  const targets = await store.targets([...new Set(references.map((r) => r.target))]);
  return references.filter(
    (r) => !targets.has(r.target) || (r.scope !== undefined && targets.get(r.target) !== r.scope),
  );
}

/** A reference check: every referencing document names a document that exists (and shares its scope). */
function referenceCheck(name: string, promise: string, notRepairable: string, store: ReferenceStore): DataCheck {
  return {
    name,
    promise,
    notRepairable,
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const references of store.references(CHECK_BATCH)) {
        scanned(references.length);
        const broken = await brokenReferences(store, references);
        if (broken.length > 0) yield { ids: broken.map((r) => r.id) };
      }
    },
  };
}

/**
 * chat-message-session: no message without its session. A session's messages are part of it (CONTRACT
 * 8.4: DELETE removes its messages too), and the delete removes the session first, its commit point:
 * messages left without it are a delete that died before its second write (or an append that landed
 * after a delete). Removing them completes that delete; no source data is deleted (the conversation
 * was deleted when its session was).
 */
export function chatMessageSession(store: OwnedReferenceStore): DataCheck {
  return {
    name: 'chat-message-session',
    promise: 'no chat message without its session',
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const references of store.references(CHECK_BATCH)) {
        scanned(references.length);
        const orphans = await brokenReferences(store, references);
        if (orphans.length > 0) yield { ids: orphans.map((r) => r.id), repair: () => store.deleteOrphans(orphans) };
      }
    },
  };
}

export const sdrNoteInteraction = (store: ReferenceStore): DataCheck =>
  referenceCheck(
    'sdr-note-interaction',
    'each SDR note belongs to an existing interaction',
    'a note is source data and its interaction cannot be invented',
    store,
  );

export const leadEventLead = (store: ReferenceStore): DataCheck =>
  referenceCheck(
    'lead-event-lead',
    "each lead's raw events belong to it: the event's lead exists, in the event's organization and provider",
    'a raw event is the delivery as received (source data); its lead cannot be invented',
    store,
  );

/** A delivery writes its raw event right after its receipt: a receipt younger than this may be one in flight. */
export const RECEIPT_IN_FLIGHT_MS = 60_000;

/**
 * lead-raw-events: each webhook receipt's raw event exists (CONTRACT 6.1: every accepted event is in
 * the log with its raw payload). A receipt without its event is a delivery that died between its two
 * writes (docs/decisions.md "Hub inbound webhooks"): the provider's resend completes it; nothing else can, since the body
 * exists only there. Receipts past the raw events' retention (`retentionMs`; the two expire on the same
 * clock, each collection on its own) and those still in flight are not judged.
 */
export function leadRawEvents(store: WebhookReceiptStore, options: { readonly retentionMs: number }): DataCheck {
  return {
    name: 'lead-raw-events',
    promise: "each hub webhook receipt's raw event exists (the delivery it acknowledges is in the lead's event log)",
    notRepairable:
      "the raw body exists only in the provider's resend, which stores it (a resend is no redelivery while the event is missing)",
    async *scan({ now, scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      const from = now.getTime() - options.retentionMs;
      const to = now.getTime() - RECEIPT_IN_FLIGHT_MS;
      for await (const receipts of store.receipts(CHECK_BATCH)) {
        scanned(receipts.length);
        const judged = receipts.filter(
          (r) => r.eventId !== undefined && r.receivedAt.getTime() > from && r.receivedAt.getTime() <= to,
        );
        const events = await store.existingEvents([...new Set(judged.map((r) => r.eventId as string))]);
        const missing = judged.filter((r) => !events.has(r.eventId as string));
        if (missing.length > 0) yield { ids: missing.map((r) => r.id) };
      }
    },
  };
}

/**
 * A registration or `hub create-user --org` writes its user right after its membership (and
 * organization, session token): a membership younger than this may be one in flight, whose user is
 * about to be inserted. An hour is far past the life of any request or command.
 */
export const HUB_SIGNUP_IN_FLIGHT_MS = 60 * 60_000;

/**
 * hub-memberships-without-user: each hub membership's user exists. The user insert is the commit
 * point of register and create-user --org, written last (docs/decisions.md "Hub identity"), so a membership
 * without its user is the undone half of one that died before it: nothing reaches it (no such user
 * logs in), and its repair removes it, with the organization that registration founded.
 */
export function hubMembershipsWithoutUser(store: HubMembershipStore): DataCheck {
  return {
    name: 'hub-memberships-without-user',
    promise: "each hub membership's user exists (a registration's organization with it)",
    async *scan({ now, scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      const settled = now.getTime() - HUB_SIGNUP_IN_FLIGHT_MS;
      for await (const memberships of store.memberships(CHECK_BATCH)) {
        scanned(memberships.length);
        const judged = memberships.filter((m) => m.joinedAt.getTime() <= settled);
        const users = await store.existingUsers([...new Set(judged.map((m) => m.userId))]);
        const orphans = judged.filter((m) => !users.has(m.userId));
        if (orphans.length === 0) continue;
        yield {
          ids: orphans.map((m) => m.id),
          repair: async () => {
            // Read again just before: a user that came since is not an orphan's.
            const arrived = await store.existingUsers(orphans.map((m) => m.userId));
            let fixed = 0;
            for (const orphan of orphans)
              if (!arrived.has(orphan.userId) && (await store.removeOrphan(orphan))) fixed += 1;
            return fixed;
          },
        };
      }
    },
  };
}

export const apiKeyUser = (store: ReferenceStore): DataCheck =>
  referenceCheck(
    'api-key-user',
    'each API key belongs to an existing user',
    'neither the key nor a user is invented or deleted; revoke the key by hand (revoke-api-key) if it should not exist',
    store,
  );

/** policy-status-history: the status is the last move of the history, or a creation status when there is none. */
export function policyStatusHistory(store: PolicyStatusStore): DataCheck {
  const creation: readonly string[] = POLICY_CREATION_STATUSES;
  return {
    name: 'policy-status-history',
    promise: "each policy's status equals its last history entry (a creation status when it has none)",
    notRepairable: 'the status and its history are both source data: which one is right is for a person to decide',
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const policies of store.policies(CHECK_BATCH)) {
        scanned(policies.length);
        const broken = policies.filter(({ status, history }) => {
          const last = history.at(-1);
          return last === undefined ? !creation.includes(status) : last.to !== status;
        });
        if (broken.length > 0) yield { ids: broken.map((p) => p.id) };
      }
    },
  };
}

/** sale-lease-deadline: a lease is whole (holder and deadline) and its deadline is still ahead. */
export function saleLeaseDeadline(store: SaleLeaseStore): DataCheck {
  return {
    name: 'sale-lease-deadline',
    promise: 'no sale lease outlives its deadline (nor is held without one)',
    async *scan({ now, scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const leases of store.leased(CHECK_BATCH)) {
        scanned(leases.length);
        const stale = leases.filter(
          (lease) => lease.owner === null || lease.until === null || lease.until.getTime() <= now.getTime(),
        );
        if (stale.length === 0) continue;
        yield {
          ids: stale.map((lease) => lease.saleId),
          repair: async () => {
            let fixed = 0;
            for (const lease of stale) if (await store.release(lease)) fixed += 1;
            return fixed;
          },
        };
      }
    },
  };
}

/**
 * sale-status-events: each sale's last event has its row in the status-event log. The sale is written
 * first (the commit point), the row after it under the id the sale holds, so a row is missing only
 * when the process died between the two; the sale's `lastEvent` is the whole event, and inserting
 * its row completes that write.
 */
export function saleStatusEvents(store: SaleStatusEventStore): DataCheck {
  return {
    name: 'sale-status-events',
    promise: "each sale's last status event has its row in the status-event log",
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const lasts of store.lastEvents(CHECK_BATCH)) {
        scanned(lasts.length);
        const stored = await store.stored(lasts.map((l) => l.eventId));
        const missing = lasts.filter((l) => !stored.has(l.eventId));
        if (missing.length === 0) continue;
        yield {
          ids: missing.map((l) => l.saleId),
          repair: async () => {
            let fixed = 0;
            for (const last of missing) if (await store.insertRow(last)) fixed += 1;
            return fixed;
          },
        };
      }
    },
  };
}

/**
 * refresh-claim-outcome: a rotation's claim is followed by its outcome, the claimed token revoked
 * (replaced by its successor, or revoked under it). A claimed token still active is a rotation that
 * died between its two steps; its repair is the outcome the next refresh would reach: revoked.
 */
export function refreshClaimOutcome(store: RefreshClaimStore): DataCheck {
  return {
    name: 'refresh-claim-outcome',
    promise: 'no hub refresh-token claim without its outcome (the claimed token revoked)',
    async *scan({ now, scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const claims of store.claims(CHECK_BATCH)) {
        scanned(claims.length);
        const open = claims.filter(
          ({ claimed }) =>
            claimed !== undefined && claimed.revokedAt === null && claimed.expiresAt.getTime() > now.getTime(),
        );
        if (open.length === 0) continue;
        yield {
          ids: open.map((c) => c.tokenId),
          repair: async () => {
            let fixed = 0;
            for (const claim of open) if (await store.revokeClaimed(claim.tokenId, now)) fixed += 1;
            return fixed;
          },
        };
      }
    },
  };
}

/** Ids not yet reported by this scan (a key met again in another source is judged, not counted, twice). */
function firstSeen(reported: Set<string>, ids: readonly string[]): string[] {
  const fresh = ids.filter((id) => !reported.has(id));
  for (const id of fresh) reported.add(id);
  return fresh;
}

export interface ReadModelCheckDeps {
  readonly models: SdrReadModels;
  readonly chats: ChatReadModel;
  readonly contacts: ContactReadModel;
  readonly gateway: GatewayMessageStore;
  readonly interactions: SdrInteractionRepository;
}

/** sdr-chat-read-model: every chat document equals its recomputation, and every chat of the store has one. */
export function sdrChatReadModel({ models, chats, gateway }: ReadModelCheckDeps): DataCheck {
  return {
    name: 'sdr-chat-read-model',
    promise:
      'each SDR chat read-model document equals its recomputation from the gateway store (none missing, none left over)',
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      const reported = new Set<string>();
      const judge = async function* (refs: readonly ChatRef[], absentOnly: boolean): AsyncIterable<ViolationBatch> {
        scanned(refs.length);
        const ids = firstSeen(reported, await models.verifyChats(refs, { absentOnly }));
        if (ids.length === 0) return;
        const wrong = new Set(ids);
        const batchRefs = refs.filter((r) => wrong.has(chatIdOf(r)));
        yield {
          ids,
          repair: async () => {
            await models.refreshChats(batchRefs);
            return ids.length - (await models.verifyChats(batchRefs)).length;
          },
        };
      };
      for await (const ids of inBatches(chats.ids())) yield* judge(ids.map(refOfChatId), false);
      for await (const refs of inBatches(gateway.allChats())) yield* judge(refs, true);
    },
  };
}

/** sdr-contact-read-model: every contact document equals its recomputation, and every contact of the sources has one. */
export function sdrContactReadModel({ models, contacts, gateway, interactions }: ReadModelCheckDeps): DataCheck {
  return {
    name: 'sdr-contact-read-model',
    promise:
      'each SDR contact read-model document equals its recomputation from interactions, chats, persons and sales (none missing, none left over)',
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      const reported = new Set<string>();
      const judge = async function* (keys: readonly string[], absentOnly: boolean): AsyncIterable<ViolationBatch> {
        scanned(keys.length);
        const ids = firstSeen(reported, await models.verifyContacts(keys, { absentOnly }));
        if (ids.length === 0) return;
        yield {
          ids,
          repair: async () => {
            await models.refreshContacts(ids);
            return ids.length - (await models.verifyContacts(ids)).length;
          },
        };
      };
      for await (const keys of inBatches(contacts.ids())) yield* judge(keys, false);
      for await (const keys of inBatches(mapped(interactions.streamAll(), contactKeyOfInteraction)))
        yield* judge(keys, true);
      for await (const keys of inBatches(mapped(gateway.allChats(), (ref) => phoneOfJid(ref.remoteJid))))
        yield* judge(keys, true);
    },
  };
}

async function* mapped<T>(items: AsyncIterable<T>, keyOf: (item: T) => string | undefined): AsyncIterable<string> {
  for await (const item of items) {
    const key = keyOf(item);
    if (key !== undefined) yield key;
  }
}

/**
 * password-resets-applied: every used reset link has its reset applied (the new password set, every
 * session before it revoked). A reset is applied by writes after its consume, the commit point
 * (docs/decisions.md "Sales identity", "Hub identity"): one still pending past the life of its request
 * died between them; its repair completes it from the hash the consume stored, as serve's tick would.
 * Resets that may still be in flight (PASSWORD_RESET_IN_FLIGHT_MS) are not judged.
 */
export function passwordResetsApplied(completions: readonly PasswordResetCompletion[]): DataCheck {
  return {
    name: 'password-resets-applied',
    promise:
      'each used password-reset link (sales and hub) has its reset applied: the new password set, the sessions before it revoked',
    async *scan({ now, scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for (const completion of completions) {
        const reported = new Set<string>();
        let from: Date | undefined;
        for (;;) {
          const batch = await completion.stale(now, CHECK_BATCH, from);
          scanned(batch.length);
          // Oldest first, read on from the last time seen (`from` is inclusive: ties are read again, reported once).
          const fresh = batch.filter((reset) => !reported.has(reset.tokenHash));
          for (const reset of fresh) reported.add(reset.tokenHash);
          if (fresh.length > 0) {
            yield {
              ids: fresh.map((reset) => `${completion.service}/${reset.tokenHash}`),
              repair: async () => {
                for (const reset of fresh) await completion.complete(reset, now);
                return fresh.length;
              },
            };
          }
          if (batch.length < CHECK_BATCH || fresh.length === 0) break;
          from = batch.at(-1)?.usedAt;
        }
      }
    },
  };
}

/**
 * sdr-conversion-times (CONTRACT 8.3, 10.2, docs/decisions.md F7): a converted interaction stores the
 * time it was converted. A converting write stores it in a second write; killed between, the first
 * left `updatedAt` at exactly that time (storedConversionTime), which the repair stores (class c),
 * then refreshes the contact, whose `conversionAt` (the KPI's leads) it feeds.
 */
export function sdrConversionTimes(
  store: ConversionTimeStore,
  contacts: { readonly refreshContacts: (keys: readonly string[]) => Promise<unknown> },
): DataCheck {
  return {
    name: 'sdr-conversion-times',
    promise: 'each converted SDR interaction stores its conversion time',
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const batch of store.interactions(CHECK_BATCH)) {
        scanned(batch.length);
        const missing = batch.filter((i) => i.converted && i.convertedAt === null);
        if (missing.length === 0) continue;
        yield {
          ids: missing.map((i) => i.id),
          repair: async () => {
            let fixed = 0;
            const changed: string[] = [];
            for (const i of missing) {
              // storedConversionTime of a converted interaction without its time: its updatedAt.
              if (await store.storeConversionTime(i, i.updatedAt)) {
                fixed += 1;
                changed.push(i.contactKey);
              }
            }
            if (changed.length > 0) await contacts.refreshContacts([...new Set(changed)]);
            return fixed;
          },
        };
      }
    },
  };
}

/**
 * sale-sdr-mirror (CONTRACT 3.4, 10.2, docs/decisions.md F6): the sale a person's SDR data goes to (their
 * newest sale created by the write of their interaction written last) mirrors that interaction. Derived
 * data (class d): the repair writes the mirror again. Older sales keep the mirror they had.
 */
export function saleSdrMirror(store: SaleMirrorStore): DataCheck {
  return {
    name: 'sale-sdr-mirror',
    promise: "the sale each person's SDR data goes to mirrors the person's interaction written last",
    async *scan({ scanned }: DataCheckScan): AsyncIterable<ViolationBatch> {
      for await (const batch of store.sales(CHECK_BATCH)) {
        scanned(batch.length);
        const personIds = [...new Set(batch.map((s) => s.personId))];
        const interactions = await store.interactionsOfPersons(personIds);
        if (interactions.length === 0) continue;
        const allSales = await store.salesOfPersons(personIds);
        const stale: { sale: SaleMirrorRecord; mirror: SaleQualification }[] = [];
        for (const personId of personIds) {
          const mirrored = mirroredInteractionOf(interactions.filter((i) => i.personId === personId));
          if (mirrored === undefined) continue;
          const targetId = mirrorTargetOf(
            allSales.filter((s) => s.personId === personId),
            mirrored,
          )?.id;
          const sale = batch.find((s) => s.id === targetId);
          if (sale === undefined) continue;
          const mirror = saleMirrorOf(mirrored);
          if (!sameMirror(sale.sdr, mirror)) stale.push({ sale, mirror });
        }
        if (stale.length === 0) continue;
        yield {
          ids: stale.map(({ sale }) => sale.id),
          repair: async () => {
            let fixed = 0;
            for (const { sale, mirror } of stale) if (await store.setMirror(sale, mirror)) fixed += 1;
            return fixed;
          },
        };
      }
    },
  };
}
