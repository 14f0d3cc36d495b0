import type { LeadTemplate } from '../../domain/hub-leads/lead-template';
import type { LeadTemplateRepository } from './ports';

/** CONTRACT 5.2: GET /orgs/{orgId}/lead-templates, in creation order (the order selection walks). */
export class ListLeadTemplates {
  constructor(private readonly templates: LeadTemplateRepository) {}

  execute(input: { readonly orgId: string }): Promise<readonly LeadTemplate[]> {
    return this.templates.listOf(input.orgId);
  }
}
