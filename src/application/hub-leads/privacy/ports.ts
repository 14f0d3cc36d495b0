import type { DeclaredHolding } from '../../shared/privacy/holding';
import type { Subject } from '../../shared/privacy/subject';
import { token, type Token } from '../../shared/token';

/** The hub's holdings are per organization (CONTRACT 12.3): every read and write is scoped to one. */
export interface OrganizationScope {
  readonly organizationId: string;
}

/** A hub store's personal-data holding (`leads`, `leadEvents`, `leadOutbox`), declared by the hub-leads area. */
export type HubHolding = DeclaredHolding<OrganizationScope>;
export const HubHoldings: Token<readonly HubHolding[]> = token('HubHoldings');

export type HubErasureStatus = 'pending' | 'done';

/** A hub erasure request (CONTRACT 12.3, 12.4); the subject exists only while it is pending. */
export interface HubErasure {
  readonly id: string;
  readonly orgId: string;
  readonly status: HubErasureStatus;
  readonly reason: string;
  readonly requestedAt: Date;
  readonly doneAt: Date | null;
  readonly counts: Readonly<Record<string, number>>;
  readonly subject: Subject | null;
}

export interface NewHubErasure {
  readonly id: string;
  readonly orgId: string;
  readonly reason: string;
  readonly requestedAt: Date;
  readonly subject: Subject;
  /** `<orgId>:phone:<match key>` or `<orgId>:email:<address>`: one pending job per subject and organization. */
  readonly subjectKey: string;
}

/** The durable hub erasure requests. */
export interface HubErasureStore {
  /** Stores a pending request unless one is pending for its key (unique while pending): then that one. */
  // Crash consistency (CONTRACT 10.2): (a) one insert; the unique pending key makes racing requests one job.
  create(erasure: NewHubErasure): Promise<{ readonly created: boolean; readonly erasure: HubErasure }>;
  findById(orgId: string, id: string): Promise<HubErasure | undefined>;
  /** Pending requests of every organization, oldest first (start, tick, `privacy erase --org`). */
  pending(limit: number, orgId?: string): Promise<HubErasure[]>;
  /** The counts fixed before the first erasing write; only while none are set (a rerun keeps them). */
  // Crash consistency (CONTRACT 10.2): (a) one conditional update.
  setCounts(id: string, counts: Readonly<Record<string, number>>): Promise<void>;
  /** Done: status, doneAt, and the subject and its key dropped, in one update (the commit point). */
  // Crash consistency (CONTRACT 10.2): (a) one update.
  finish(id: string, doneAt: Date): Promise<void>;
}
export const HubErasureStore: Token<HubErasureStore> = token('HubErasureStore');
