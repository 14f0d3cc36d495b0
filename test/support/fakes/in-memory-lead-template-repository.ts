import type { LeadTemplateRepository } from '../../../src/application/hub-leads/ports';
import type { LeadTemplate } from '../../../src/domain/hub-leads/lead-template';
import { byCreation } from './hub-leads-order';

const copy = (t: LeadTemplate): LeadTemplate => ({ ...t, conditions: t.conditions.map((c) => ({ ...c })) });

export class InMemoryLeadTemplateRepository implements LeadTemplateRepository {
  private readonly templates = new Map<string, LeadTemplate>();

  async create(template: LeadTemplate): Promise<void> {
    if (this.templates.has(template.id)) throw new Error(`duplicate lead template id ${template.id}`);
    this.templates.set(template.id, copy(template));
  }

  async listOf(orgId: string): Promise<readonly LeadTemplate[]> {
    return [...this.templates.values()]
      .filter((t) => t.orgId === orgId)
      .sort(byCreation)
      .map(copy);
  }
}
