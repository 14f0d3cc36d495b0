import { CHANNEL_TYPES, type Channel, type ChannelType } from '../../../domain/hub-leads/channel';
import type { CollectionIndexes } from '../shared/collection-indexes';

export const HUB_CHANNELS = 'hub_channels';

export interface ChannelDocument {
  _id: string;
  orgId: string;
  name: string;
  type: string;
  createdAt: Date;
}

export const hubChannelIndexes: CollectionIndexes = {
  collection: HUB_CHANNELS,
  indexes: [{ key: { orgId: 1, name: 1 }, unique: true, name: 'org_name_unique' }],
};

export const channelToDocument = (c: Channel): ChannelDocument => ({ _id: c.id, orgId: c.orgId, name: c.name, type: c.type, createdAt: c.createdAt });

export function channelFromDocument(d: ChannelDocument): Channel {
  if (!(CHANNEL_TYPES as readonly string[]).includes(d.type)) throw new Error(`channel ${d._id} has an unknown type`);
  return { id: d._id, orgId: d.orgId, name: d.name, type: d.type as ChannelType, createdAt: d.createdAt };
}
