import * as E from 'fp-ts/Either';
import type { LeadTemplate } from '../../domain/hub-leads/lead-template';
import type { Clock, IdGenerator } from '../shared/ports';
import type { OrganizationRepository } from '../hub-identity/ports';
import type { LeadTemplateRepository } from './ports';

/** A template as the admin writes it (CONTRACT 6.2): everything but the id and creation time. */
export type CreateLeadTemplateInput = Omit<LeadTemplate, 'id' | 'createdAt'>;

export type CreateLeadTemplateError = { readonly _tag: 'OrganizationNotFound' };

/** CONTRACT 6.2: POST /orgs/{orgId}/lead-templates and `hub add-template`. */
export class CreateLeadTemplate {
  constructor(
    private readonly organizations: OrganizationRepository,
    private readonly templates: LeadTemplateRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateLeadTemplateInput): Promise<E.Either<CreateLeadTemplateError, LeadTemplate>> {
    if ((await this.organizations.findById(input.orgId)) === undefined) return E.left({ _tag: 'OrganizationNotFound' });
    const template: LeadTemplate = { id: this.ids.next(), createdAt: this.clock.now(), ...input };
    await this.templates.create(template);
    return E.right(template);
  }
}
