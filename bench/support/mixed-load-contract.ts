// What bench/support/mixed-load.ts takes (its spec) and answers (its report), importable without running it.

/** The last event of a sale that has none. */
export const NO_EVENT = '(none)';

export interface MixedLoadSpec {
  readonly mode: 'crash' | 'soak';
  readonly apiKey: string;
  readonly orgs: readonly { readonly id: string; readonly secret: string }[];
  readonly workers: number;
  readonly seed: number;
  /** Soak mode: the targets and the duration. */
  readonly targets?: Targets;
  readonly seconds?: number;
}

export interface Targets {
  readonly sales: string;
  readonly hub: string;
}

/** What the data must hold afterwards (crash mode). */
export interface Acknowledged {
  readonly sdrInteractions: string[];
  /** Per phone: the interaction status acknowledged last, or any attempted after it. */
  readonly sdrStatus: Record<string, string[]>;
  readonly chatSessions: string[];
  readonly chatMessages: { sessionId: string; id: string }[];
  /** Sessions whose delete was answered 204 (or 404 on the retry of an unanswered delete). */
  readonly chatDeleted: string[];
  /** Sessions a delete was attempted on (their messages may be gone). */
  readonly chatDeleteAttempted: string[];
  readonly policies: string[];
  readonly policyStatus: Record<string, string[]>;
  /** Per policy: every status an acknowledged change moved it to (each must be in its history). */
  readonly policyMoves: Record<string, string[]>;
  readonly sales: string[];
  /** Per sale: acknowledged status events by name (each must have its row in sale_status_events). */
  readonly saleEvents: Record<string, Record<string, number>>;
  readonly saleLastEvent: Record<string, string[]>;
  readonly leads: { leadId: string; rawBody: string }[];
}

export interface MixedLoadReport {
  readonly requests: number;
  readonly acknowledged: number;
  /** Answers by route and status ("network" for no answer). */
  readonly statuses: Record<string, Record<string, number>>;
  /** Up to 20 answers 5xx: route, status, body. */
  readonly serverErrors: { route: string; status: number; body: string }[];
  readonly webhooksResent: number;
  readonly webhooksUnacknowledged: number;
  readonly acked: Acknowledged;
}
