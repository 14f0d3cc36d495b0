import type { Policy, PolicyDraft } from './policy';

/** The stored policy of a validated draft: a fresh id, no history, created now. */
export function newPolicy(draft: PolicyDraft, id: string, now: Date): Policy {
  return { id, ...draft, history: [], createdAt: now, updatedAt: now };
}
