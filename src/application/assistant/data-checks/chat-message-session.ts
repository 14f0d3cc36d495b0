import { CHECK_BATCH } from '../../shared/data-checks/data-check';
import type { DataCheck, DataCheckScan, ViolationBatch } from '../../shared/data-checks/data-check';
import { brokenReferences, type OwnedReferenceStore } from '../../shared/data-checks/reference-check';

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
