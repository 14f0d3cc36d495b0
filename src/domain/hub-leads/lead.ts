/** The two inbound providers of spec part 4; their names are also the path words and limiter keys. */
export const LEAD_PROVIDERS = ['crmprovider', 'leadprovider'] as const;
export type LeadProvider = (typeof LEAD_PROVIDERS)[number];

export interface Pipeline {
  readonly id: string;
  readonly orgId: string;
  readonly name: string;
  readonly provider: LeadProvider;
  /** The provider's own pipeline id (CRM pipe id, or a template's pipelineExternalId). */
  readonly externalId: string;
  readonly createdAt: Date;
}

/** Stage of a lead created by a lead form (lead states are not shown by the spec). */
export const NEW_LEAD_STAGE = 'new';

/**
 * A lead, unique by (pipelineId, externalId) (spec part 2). `fields` are flat string values: the
 * CRM card's fields by name, or the flattened lead form.
 */
export interface Lead {
  readonly id: string;
  readonly orgId: string;
  readonly pipelineId: string;
  /** The provider's pipeline id, kept so events that do not carry it still find the lead's key. */
  readonly pipelineExternalId: string;
  readonly externalId: string;
  readonly provider: LeadProvider;
  readonly title: string | null;
  readonly name: string | null;
  readonly phone: string | null;
  readonly email: string | null;
  readonly stage: string | null;
  readonly fields: Readonly<Record<string, string>>;
  readonly deleted: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * What one accepted event changes on a lead; absent members are left as they are, so a move never
 * erases the fields a create fetched, whatever order the two arrive in.
 */
export interface LeadChanges {
  readonly title?: string | null;
  readonly name?: string | null;
  readonly phone?: string | null;
  readonly email?: string | null;
  readonly stage?: string | null;
  readonly fields?: Readonly<Record<string, string>>;
  readonly deleted?: boolean;
}

/** The lead an event creates when its key is new: the changes over empty defaults. */
export function newLead(
  base: Pick<Lead, 'id' | 'orgId' | 'pipelineId' | 'pipelineExternalId' | 'externalId' | 'provider'>,
  changes: LeadChanges,
  now: Date,
): Lead {
  return {
    ...base,
    title: changes.title ?? null,
    name: changes.name ?? null,
    phone: changes.phone ?? null,
    email: changes.email ?? null,
    stage: changes.stage ?? null,
    fields: changes.fields ?? {},
    deleted: changes.deleted ?? false,
    createdAt: now,
    updatedAt: now,
  };
}
