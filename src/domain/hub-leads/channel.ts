export const CHANNEL_TYPES = ['QR_CODE', 'WWABA'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];

export interface Channel {
  readonly id: string;
  readonly orgId: string;
  readonly name: string;
  readonly type: ChannelType;
  readonly createdAt: Date;
}
