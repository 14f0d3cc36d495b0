import * as E from 'fp-ts/Either';
import { slugify } from '../../domain/hub-identity/slug';
import type { Organization } from '../../domain/hub-identity/tenancy';
import type { Clock, IdGenerator, SecretGenerator } from '../shared/ports';
import type { OrganizationRepository } from './ports';

export interface CreateOrganizationInput {
  readonly name: string;
  /** Given: must be free. Absent: derived from the name, with a random suffix when taken. */
  readonly slug?: string;
  readonly webhookSecret?: string;
  /** The id, when the caller drew it and wrote it elsewhere first (a registration's membership); else drawn here. */
  readonly id?: string;
  /** The user whose registration creates it (Organization.foundedBy). */
  readonly foundedBy?: string;
}

export type CreateOrganizationError = { readonly _tag: 'SlugTaken'; readonly slug: string };

const DERIVED_SLUG_ATTEMPTS = 5;

export class CreateOrganization {
  constructor(
    private readonly organizations: OrganizationRepository,
    private readonly ids: IdGenerator,
    private readonly secrets: SecretGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateOrganizationInput): Promise<E.Either<CreateOrganizationError, Organization>> {
    const base = input.slug ?? slugify(input.name);
    for (let attempt = 0; attempt < (input.slug === undefined ? DERIVED_SLUG_ATTEMPTS : 1); attempt += 1) {
      const slug = attempt === 0 ? base : `${base}-${this.secrets.hex(3)}`;
      const organization: Organization = {
        // A refused insert (slug taken) wrote nothing, so a given id serves every attempt.
        id: input.id ?? this.ids.next(),
        name: input.name,
        slug,
        createdAt: this.clock.now(),
        ...(input.webhookSecret === undefined ? {} : { webhookSecret: input.webhookSecret }),
        ...(input.foundedBy === undefined ? {} : { foundedBy: input.foundedBy }),
      };
      // The unique index decides, so two creations racing for one slug cannot both get it.
      if (await this.organizations.create(organization)) return E.right(organization);
    }
    return E.left({ _tag: 'SlugTaken', slug: base });
  }
}
