import * as E from 'fp-ts/Either';
import type { Lead } from '../../domain/hub-leads/lead';
import type { LeadEventLog, LeadEventRecord, LeadRepository } from './ports';

export type GetLeadError = { readonly _tag: 'LeadNotFound' };

/** A lead of the organization with its event log (a lead of another organization is not found). */
export class GetLead {
  constructor(
    private readonly leads: LeadRepository,
    private readonly events: LeadEventLog,
  ) {}

  async execute(input: {
    readonly orgId: string;
    readonly id: string;
  }): Promise<E.Either<GetLeadError, { lead: Lead; events: readonly LeadEventRecord[] }>> {
    const lead = await this.leads.findById(input.orgId, input.id);
    if (lead === undefined) return E.left({ _tag: 'LeadNotFound' });
    return E.right({ lead, events: await this.events.listOf(lead.id) });
  }
}
