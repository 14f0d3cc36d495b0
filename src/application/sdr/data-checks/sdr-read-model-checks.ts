import { phoneOfJid } from '../../../domain/sdr/gateway-message';
import { contactKeyOfInteraction } from '../../../domain/sdr/contact';
import { chatIdOf, type ChatRef } from '../../../domain/sdr/chat';
import type { GatewayMessageStore, SdrInteractionRepository } from '../ports';
import type { ChatReadModel, ContactReadModel } from '../read-model-ports';
import { refOfChatId, type SdrReadModels } from '../read-models/sdr-read-models';
import { inBatches } from '../../shared/data-checks/data-check';
import type { DataCheck, DataCheckScan, ViolationBatch } from '../../shared/data-checks/data-check';

/**
 * The SDR read models (CONTRACT 10.1) are derived data: each document is compared with its
 * recomputation from its sources (SdrReadModels' verification), and the repair refreshes it.
 */

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
      'each SDR chat read-model document equals its recomputation from the gateway store ' +
      '(none missing, none left over)',
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

/**
 * sdr-contact-read-model: every contact document equals its recomputation, and every contact of the
 * sources has one.
 */
export function sdrContactReadModel({ models, contacts, gateway, interactions }: ReadModelCheckDeps): DataCheck {
  return {
    name: 'sdr-contact-read-model',
    promise:
      'each SDR contact read-model document equals its recomputation from interactions, chats, persons and sales ' +
      '(none missing, none left over)',
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
