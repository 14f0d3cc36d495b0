import { CHANNEL_TYPES, type Channel, type ChannelType } from '../../../../domain/hub-leads/channel';
import type { ChannelDocument } from './channel-collection';

export const channelToDocument = (c: Channel): ChannelDocument => ({
  _id: c.id,
  orgId: c.orgId,
  name: c.name,
  type: c.type,
  createdAt: c.createdAt,
});

export function channelFromDocument(d: ChannelDocument): Channel {
  if (!(CHANNEL_TYPES as readonly string[]).includes(d.type)) throw new Error(`channel ${d._id} has an unknown type`);
  return { id: d._id, orgId: d.orgId, name: d.name, type: d.type as ChannelType, createdAt: d.createdAt };
}
