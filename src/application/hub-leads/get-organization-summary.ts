import * as E from 'fp-ts/Either';
import type { OrganizationRepository } from '../hub-identity/ports';
import type { ChannelRepository } from './ports';

export interface OrganizationSummary {
  readonly id: string;
  readonly name: string;
  readonly slug: string;
  readonly createdAt: Date;
  readonly channelCount: number;
}

export type GetOrganizationSummaryError = { readonly _tag: 'OrganizationNotFound' };

/** GET /internal/orgs/{orgId}: what an internal service needs to know about an organization. */
export class GetOrganizationSummary {
  constructor(
    private readonly organizations: OrganizationRepository,
    private readonly channels: ChannelRepository,
  ) {}

  async execute(input: {
    readonly orgId: string;
  }): Promise<E.Either<GetOrganizationSummaryError, OrganizationSummary>> {
    const org = await this.organizations.findById(input.orgId);
    if (org === undefined) return E.left({ _tag: 'OrganizationNotFound' });
    const channels = await this.channels.listOf(org.id);
    return E.right({
      id: org.id,
      name: org.name,
      slug: org.slug,
      createdAt: org.createdAt,
      channelCount: channels.length,
    });
  }
}
