import type { LeadQuery, LeadRepository, LeadUpsert } from '../../../src/application/hub-leads/ports';
import type { Lead, LeadChanges, LeadProvider } from '../../../src/domain/hub-leads/lead';
import { compareIds } from './hub-leads-order';
import { NO_FAULTS, type WriteFaults } from './write-faults';

const copy = (l: Lead): Lead => ({ ...l, fields: { ...l.fields } });

const or = <T>(value: T | undefined, current: T): T => (value === undefined ? current : value);

/** What the Mongo adapter's `$set` does: the members the changes carry, and the update time. */
function applied(lead: Lead, changes: LeadChanges, now: Date): Lead {
  return {
    ...lead,
    title: or(changes.title, lead.title),
    name: or(changes.name, lead.name),
    phone: or(changes.phone, lead.phone),
    email: or(changes.email, lead.email),
    stage: or(changes.stage, lead.stage),
    fields: { ...or(changes.fields, lead.fields) },
    deleted: or(changes.deleted, lead.deleted),
    updatedAt: now,
  };
}

export class InMemoryLeadRepository implements LeadRepository {
  private readonly leads = new Map<string, Lead>();

  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  /** No await between reading the key and writing: concurrent calls converge as on the unique index. */
  async upsert(fresh: Lead, changes: LeadChanges, now: Date): Promise<LeadUpsert> {
    const existing = [...this.leads.values()].find(
      (l) => l.pipelineId === fresh.pipelineId && l.externalId === fresh.externalId,
    );
    if (existing === undefined) {
      if (this.leads.has(fresh.id)) throw new Error(`duplicate lead id ${fresh.id}`);
      this.faults.write('hub_leads.insert');
      this.leads.set(fresh.id, copy(fresh));
      return { lead: copy(fresh), created: true };
    }
    this.faults.write('hub_leads.update');
    const updated = applied(existing, changes, now);
    this.leads.set(updated.id, updated);
    return { lead: copy(updated), created: false };
  }

  async findByProviderId(orgId: string, provider: LeadProvider, externalId: string): Promise<Lead | undefined> {
    const found = [...this.leads.values()].find(
      (l) => l.orgId === orgId && l.provider === provider && l.externalId === externalId,
    );
    return found === undefined ? undefined : copy(found);
  }

  async findById(orgId: string, id: string): Promise<Lead | undefined> {
    const found = this.leads.get(id);
    return found === undefined || found.orgId !== orgId ? undefined : copy(found);
  }

  async list(query: LeadQuery): Promise<{ readonly leads: readonly Lead[]; readonly total: number }> {
    const matching = [...this.leads.values()]
      .filter((l) => l.orgId === query.orgId)
      .filter((l) => query.phone === undefined || l.phone === query.phone)
      .filter((l) => query.pipelineId === undefined || l.pipelineId === query.pipelineId)
      .filter((l) => query.stage === undefined || l.stage === query.stage)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || compareIds(a.id, b.id));
    const start = (query.page - 1) * query.limit;
    return { leads: matching.slice(start, start + query.limit).map(copy), total: matching.length };
  }
}
