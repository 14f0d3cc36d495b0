import type { Lead } from '../../domain/hub-leads/lead';
import type { LeadQuery, LeadRepository } from './ports';

export interface LeadPage {
  readonly leads: readonly Lead[];
  readonly page: number;
  readonly limit: number;
  readonly total: number;
}

/** CONTRACT 5.2: GET /orgs/{orgId}/leads (and its internal twin), newest first, filtered. */
export class ListLeads {
  constructor(private readonly leads: LeadRepository) {}

  async execute(query: LeadQuery): Promise<LeadPage> {
    const { leads, total } = await this.leads.list(query);
    return { leads, page: query.page, limit: query.limit, total };
  }
}
