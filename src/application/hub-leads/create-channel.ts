import * as E from 'fp-ts/Either';
import type { Channel, ChannelType } from '../../domain/hub-leads/channel';
import type { Clock, IdGenerator } from '../shared/ports';
import type { ChannelRepository } from './ports';

export interface CreateChannelInput {
  readonly orgId: string;
  readonly name: string;
  readonly type: ChannelType;
}

export type CreateChannelError = { readonly _tag: 'ChannelNameTaken' };

export class CreateChannel {
  constructor(
    private readonly channels: ChannelRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateChannelInput): Promise<E.Either<CreateChannelError, Channel>> {
    const channel: Channel = {
      id: this.ids.next(),
      orgId: input.orgId,
      name: input.name,
      type: input.type,
      createdAt: this.clock.now(),
    };
    // Unique (orgId, name) index: two creations racing with one name cannot both succeed.
    return (await this.channels.create(channel)) ? E.right(channel) : E.left({ _tag: 'ChannelNameTaken' });
  }
}
