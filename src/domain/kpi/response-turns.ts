/**
 * Response time and response rate (CONTRACT 8.3) from the gateway's messages. A turn is a run of
 * inbound messages of one chat answered by the next outbound message of that chat (which may come
 * after the period); it counts when its first inbound message is in the period. Messages are fed in
 * time order (at the same second, inbound before outbound); the store is asked afterwards, for a few
 * chats only, what came after the period (late replies) and what came just before it (whether the
 * chat's first turn of the period had started earlier).
 */

/** One message of a one-to-one chat, as the turns need it. */
export interface TurnMessage {
  /** The chat: instance and remoteJid. */
  readonly instance: string;
  readonly remoteJid: string;
  readonly fromMe: boolean;
  readonly at: Date;
}

export interface ChatKey {
  readonly instance: string;
  readonly remoteJid: string;
}

interface ChatTurns {
  readonly chat: ChatKey;
  /** A message of this chat in the period was seen already. */
  seen: boolean;
  /** The open turn: when its first inbound message came; `first`: it opened the chat's period. */
  open: { readonly start: Date; readonly first: boolean } | null;
  /** The seconds of the chat's first turn of the period when it opened the period and was answered. */
  firstTurnSeconds: number | null;
  /** The chat's first inbound message in the period. */
  firstInbound: Date | null;
  answered: boolean;
}

export interface ResponseFigures {
  /** Mean seconds from a turn's first inbound message to its reply, 2 decimals; null when no turn was answered. */
  readonly averageResponseTimeSeconds: number | null;
  /** Of the chats with an inbound message in the period, the share answered after their first one (4 decimals). */
  readonly responseRate: number;
}

const chatId = (chat: ChatKey): string => `${chat.instance}\u0000${chat.remoteJid}`;

export class ResponseTurns {
  private readonly chats = new Map<string, ChatTurns>();
  private seconds = 0;
  private turns = 0;

  private chatOf(message: ChatKey): ChatTurns {
    const id = chatId(message);
    let chat = this.chats.get(id);
    if (chat === undefined) {
      chat = {
        chat: { instance: message.instance, remoteJid: message.remoteJid },
        seen: false,
        open: null,
        firstTurnSeconds: null,
        firstInbound: null,
        answered: false,
      };
      this.chats.set(id, chat);
    }
    return chat;
  }

  /** A message of the period, in time order. */
  add(message: TurnMessage): void {
    const chat = this.chatOf(message);
    const first = !chat.seen;
    chat.seen = true;
    if (message.fromMe) {
      this.reply(chat, message.at);
      return;
    }
    if (chat.firstInbound === null) chat.firstInbound = message.at;
    if (chat.open === null) chat.open = { start: message.at, first };
  }

  private reply(chat: ChatTurns, at: Date): void {
    if (chat.firstInbound !== null) chat.answered = true;
    const open = chat.open;
    if (open === null) return;
    chat.open = null;
    const seconds = (at.getTime() - open.start.getTime()) / 1000;
    if (open.first) chat.firstTurnSeconds = seconds;
    else {
      this.seconds += seconds;
      this.turns += 1;
    }
  }

  /** Chats still waiting for a reply at the end of the period (an open turn, or unanswered). */
  awaitingReply(): ChatKey[] {
    return [...this.chats.values()]
      .filter((c) => c.open !== null || (c.firstInbound !== null && !c.answered))
      .map((c) => c.chat);
  }

  /** The first outbound message after the period of chats that were awaiting one. */
  addLateReply(reply: ChatKey & { readonly at: Date }): void {
    const chat = this.chats.get(chatId(reply));
    if (chat !== undefined) this.reply(chat, reply.at);
  }

  /** Chats whose answered first turn opened their period: it counts unless the turn had begun before. */
  firstTurnsToSettle(): ChatKey[] {
    return [...this.chats.values()].filter((c) => c.firstTurnSeconds !== null).map((c) => c.chat);
  }

  /**
   * Settles the first turns with the last message of each chat before the period (absent: none).
   * An inbound one means the run, and so the turn, started before the period: it does not count.
   */
  settleFirstTurns(lastBefore: readonly (ChatKey & { readonly fromMe: boolean })[]): void {
    const inboundBefore = new Set(lastBefore.filter((m) => !m.fromMe).map(chatId));
    for (const [id, chat] of this.chats) {
      if (chat.firstTurnSeconds === null) continue;
      if (!inboundBefore.has(id)) {
        this.seconds += chat.firstTurnSeconds;
        this.turns += 1;
      }
      chat.firstTurnSeconds = null;
    }
  }

  figures(): ResponseFigures {
    let withInbound = 0;
    let answered = 0;
    for (const chat of this.chats.values()) {
      if (chat.firstInbound === null) continue;
      withInbound += 1;
      if (chat.answered) answered += 1;
    }
    return {
      averageResponseTimeSeconds: this.turns === 0 ? null : Math.round((this.seconds / this.turns) * 100) / 100,
      responseRate: withInbound === 0 ? 0 : Math.round((answered / withInbound) * 10_000) / 10_000,
    };
  }
}
