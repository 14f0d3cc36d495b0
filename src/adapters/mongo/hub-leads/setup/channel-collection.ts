import type { Collection, Db } from 'mongodb';
import type { CollectionIndexes } from '../../shared/collection-indexes';

export const HUB_CHANNELS = 'hub_channels';

export interface ChannelDocument {
  _id: string;
  orgId: string;
  name: string;
  type: string;
  createdAt: Date;
}

export function channelCollection(db: Db): Collection<ChannelDocument> {
  return db.collection<ChannelDocument>(HUB_CHANNELS);
}

export const hubChannelIndexes: CollectionIndexes = {
  collection: HUB_CHANNELS,
  // Spec part 7 `Name already exists`: the index, not a read before the insert, decides.
  indexes: [{ key: { orgId: 1, name: 1 }, unique: true, name: 'org_name_unique' }],
};
