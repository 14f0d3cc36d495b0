import type { Channel } from '../../domain/hub-leads/channel';
import type { ChannelRepository } from './ports';

export class ListChannels {
  constructor(private readonly channels: ChannelRepository) {}

  execute(input: { readonly orgId: string }): Promise<readonly Channel[]> {
    return this.channels.listOf(input.orgId);
  }
}
