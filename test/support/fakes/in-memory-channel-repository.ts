import type { ChannelRepository } from '../../../src/application/hub-leads/ports';
import type { Channel } from '../../../src/domain/hub-leads/channel';
import { byCreation } from './hub-leads-order';

export class InMemoryChannelRepository implements ChannelRepository {
  private readonly channels = new Map<string, Channel>();

  async create(channel: Channel): Promise<boolean> {
    if (this.channels.has(channel.id)) throw new Error(`duplicate channel id ${channel.id}`);
    if ([...this.channels.values()].some((c) => c.orgId === channel.orgId && c.name === channel.name)) return false;
    this.channels.set(channel.id, { ...channel });
    return true;
  }

  async listOf(orgId: string): Promise<readonly Channel[]> {
    return [...this.channels.values()]
      .filter((c) => c.orgId === orgId)
      .sort(byCreation)
      .map((c) => ({ ...c }));
  }
}
