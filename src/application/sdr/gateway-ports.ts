import type { ChatFacts, ChatRef } from '../../domain/sdr/chat';
import type { GatewayMessage, GatewayMessageRecord } from '../../domain/sdr/gateway-message';
import { token, type Token } from '../shared/token';

/** One one-to-one gateway chat (instance + remoteJid) over the messages of a range. */
export interface ChatSummary {
  readonly instance: string;
  readonly remoteJid: string;
  readonly messageCount: number;
  readonly firstAt: Date;
  readonly last: GatewayMessage;
}

/** Which messages a chat summary covers: an instance, and messages at or after `from` / at or before `to`. */
export interface ChatRange {
  readonly instance?: string;
  readonly from?: Date;
  readonly to?: Date;
}

export type { ChatRef } from '../../domain/sdr/chat';

/** The latest non-empty pushName of a chat's inbound messages (CONTRACT 8.1). */
export interface ChatPushName extends ChatRef {
  readonly pushName: string;
  readonly at: Date;
}

/** One message of a one-to-one chat, as the KPI's response turns need it (CONTRACT 8.3). */
export interface ChatMessageTime extends ChatRef {
  readonly fromMe: boolean;
  readonly at: Date;
}

export interface GatewayInsertCounts {
  readonly inserted: number;
  readonly duplicates: number;
}

/** The sessions list's reads (CONTRACT 8.1): chat summaries over a range, computed by the store. */
export interface GatewaySessions {
  /** One summary per chat with a message in the range, in no particular order, streamed. */
  chats(range: ChatRange): AsyncIterable<ChatSummary>;
}

/** The KPI's reads (CONTRACT 8.3): message times of a period and the replies around it. */
export interface GatewayActivity {
  /**
   * The messages of one-to-one chats at or after `from` and at or before `to`, oldest first (at the
   * same second inbound before outbound), streamed.
   */
  messagesBetween(range: { readonly from: Date; readonly to: Date }): AsyncIterable<ChatMessageTime>;
  /** For each of these chats that has one: its first outbound message strictly after `after`. */
  firstRepliesAfter(chats: readonly ChatRef[], after: Date): Promise<ChatMessageTime[]>;
  /**
   * For each of these chats that has one: its last message strictly before `before` (at the same second, an outbound
   * one).
   */
  lastMessagesBefore(chats: readonly ChatRef[], before: Date): Promise<ChatMessageTime[]>;
}

/** What `gateway-import` and `seed-demo` write into the store, as the gateway would. */
export interface GatewayMessageWriter {
  /** Stores records as the gateway would; a record whose (instance, key.id) is stored already is a duplicate. */
  // Crash consistency (CONTRACT 10.2): (c) unordered, idempotent on (instance, key.id): the same file again stores the
  // rest; the follower models what was stored.
  insertMany(records: readonly GatewayMessageRecord[]): Promise<GatewayInsertCounts>;
}

/** The chat projection's source (CONTRACT 10.1) and `check-data`'s list of chats. */
export interface GatewayChatFacts {
  /**
   * What each of these chats sums up to, all time (chats without a message are left out). Any number
   * of chats: the store bounds its own lookups.
   */
  chatFacts(chats: readonly ChatRef[]): Promise<ChatFacts[]>;
  /** Every one-to-one chat with a message, streamed. */
  allChats(): AsyncIterable<ChatRef>;
}

/** The gateway follower's feed (CONTRACT 10.1): the store's messages in its write order. */
export interface GatewayFollowerFeed {
  /**
   * The one-to-one chats (in no particular order) of the messages written after position `after` (null:
   * from the start) up to `upTo` (inclusive, when given), reading at most `limit` messages in the store's
   * write order.
   * `last`: the position of the last message read (null when none); `skipped`: documents of an
   * unexpected shape passed over (the position moves past them all the same).
   */
  changedChats(range: {
    readonly after: string | null;
    readonly upTo?: string;
    readonly limit: number;
  }): Promise<ChangedChats>;
  /** The position of the newest message (null when the store has none). */
  latestPosition(): Promise<string | null>;
  /** The position of a moment: a message written at or before `at` by its writer's clock is at or before it. */
  positionAt(at: Date): string;
}

/**
 * The messaging gateway's own message store (CONTRACT 8.1), read in its record shape: one adapter, each
 * consumer depending on its own port above. Only one-to-one chats are ever answered; documents of an
 * unexpected shape are skipped (and counted by the adapter).
 */
export interface GatewayMessageStore
  extends GatewaySessions, GatewayActivity, GatewayMessageWriter, GatewayChatFacts, GatewayFollowerFeed {}

export const GatewayMessageStore: Token<GatewayMessageStore> = token('GatewayMessageStore');

export interface ChangedChats {
  readonly chats: readonly ChatRef[];
  readonly last: string | null;
  readonly read: number;
  readonly skipped: number;
}
