import type { Db } from 'mongodb';
import type {
  ChangedChats,
  ChatMessageTime,
  ChatRange,
  ChatRef,
  ChatSummary,
  GatewayInsertCounts,
  GatewayMessageStore,
} from '../../../application/sdr/ports';
import type { ChatFacts } from '../../../domain/sdr/chat';
import type { GatewayMessageRecord } from '../../../domain/sdr/gateway-message';
import { MongoGatewayActivity } from './gateway-store/mongo-gateway-activity';
import { MongoGatewayChatFacts } from './gateway-store/mongo-gateway-chat-facts';
import { MongoGatewayFollowerFeed } from './gateway-store/mongo-gateway-follower-feed';
import { MongoGatewayMessageWriter } from './gateway-store/mongo-gateway-message-writer';
import { MongoGatewaySessions } from './gateway-store/mongo-gateway-sessions';

/**
 * The gateway's message collection (CONTRACT 8.1) behind every port its consumers use: the sessions
 * list, the KPI, the writers, the chat projection and the follower, each an adapter of its own
 * (gateway-store/); this one store is what the composition binds.
 */
export class MongoGatewayMessageStore implements GatewayMessageStore {
  private readonly sessions: MongoGatewaySessions;
  private readonly activity: MongoGatewayActivity;
  private readonly writer: MongoGatewayMessageWriter;
  private readonly facts: MongoGatewayChatFacts;
  private readonly feed: MongoGatewayFollowerFeed;

  constructor(
    db: Db,
    collectionName: string,
    onSkipped: (count: number, where: string) => void = () => undefined,
    /** How many chats one lookup names (`$in`): chat facts look more up in pieces, the KPI groups the instance. */
    namedChats?: number,
  ) {
    this.sessions = new MongoGatewaySessions(db, collectionName, onSkipped);
    this.activity = new MongoGatewayActivity(db, collectionName, onSkipped, namedChats);
    this.writer = new MongoGatewayMessageWriter(db, collectionName, onSkipped);
    this.facts = new MongoGatewayChatFacts(db, collectionName, onSkipped, namedChats);
    this.feed = new MongoGatewayFollowerFeed(db, collectionName, onSkipped);
  }

  chats(range: ChatRange): AsyncIterable<ChatSummary> {
    return this.sessions.chats(range);
  }

  messagesBetween(range: { readonly from: Date; readonly to: Date }): AsyncIterable<ChatMessageTime> {
    return this.activity.messagesBetween(range);
  }

  firstRepliesAfter(chats: readonly ChatRef[], after: Date): Promise<ChatMessageTime[]> {
    return this.activity.firstRepliesAfter(chats, after);
  }

  lastMessagesBefore(chats: readonly ChatRef[], before: Date): Promise<ChatMessageTime[]> {
    return this.activity.lastMessagesBefore(chats, before);
  }

  insertMany(records: readonly GatewayMessageRecord[]): Promise<GatewayInsertCounts> {
    return this.writer.insertMany(records);
  }

  chatFacts(chats: readonly ChatRef[]): Promise<ChatFacts[]> {
    return this.facts.chatFacts(chats);
  }

  allChats(): AsyncIterable<ChatRef> {
    return this.facts.allChats();
  }

  changedChats(range: {
    readonly after: string | null;
    readonly upTo?: string;
    readonly limit: number;
  }): Promise<ChangedChats> {
    return this.feed.changedChats(range);
  }

  latestPosition(): Promise<string | null> {
    return this.feed.latestPosition();
  }

  positionAt(at: Date): string {
    return this.feed.positionAt(at);
  }
}
