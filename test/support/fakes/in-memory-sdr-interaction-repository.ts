import { randomUUID } from 'node:crypto';
import type {
  CurrentInsert,
  InteractionRefresh,
  InteractionWithNotes,
  RecentMatch,
  SdrInteractionRepository,
  StatusChange,
} from '../../../src/application/sdr/ports';
import { contactKeyOfInteraction } from '../../../src/domain/sdr/contact';
import {
  conversionTimeAfterWrite,
  creationContactKey,
  storedConversionTime,
  type InteractionWrites,
  type SdrInteraction,
  type SdrNote,
  type SdrStatus,
} from '../../../src/domain/sdr/interaction';
import { compareBinary } from './binary-order';
import { NO_FAULTS, type WriteFaults } from './write-faults';

const newestFirst = (a: SdrInteraction, b: SdrInteraction) =>
  b.createdAt.getTime() - a.createdAt.getTime() || compareBinary(b.id, a.id);

/**
 * The adapter's promise, write for write: a refresh or a status move that converts is two writes (the
 * fields with updatedAt, then the conversion time if none is stored), and `faults` can kill it between.
 */
export class InMemorySdrInteractionRepository implements SdrInteractionRepository {
  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  private readonly interactions = new Map<string, SdrInteraction>();
  private readonly notes: (SdrNote & { id: string; interactionId: string })[] = [];

  /** Contact key (creationContactKey) -> the id of its current interaction, as the unique `currentKey` is. */
  private readonly current = new Map<string, string>();

  async insert(interaction: SdrInteraction): Promise<void> {
    this.faults.write('sdr_interactions.insertOne');
    this.store(interaction);
  }

  // Decided without an await in between, as the unique index decides it in one write.
  async insertCurrent(interaction: SdrInteraction, since: Date): Promise<CurrentInsert> {
    this.faults.write('sdr_interactions.insertOne');
    const key = creationContactKey(interaction);
    const holderId = key === undefined ? undefined : this.current.get(key);
    const holder = holderId === undefined ? undefined : this.interactions.get(holderId);
    if (holder !== undefined && holder.createdAt >= since) return 'taken';
    this.store(interaction);
    if (key !== undefined) this.current.set(key, interaction.id);
    return 'inserted';
  }

  private store(interaction: SdrInteraction): void {
    if (this.interactions.has(interaction.id)) throw new Error(`duplicate interaction id ${interaction.id}`);
    this.interactions.set(interaction.id, { ...interaction });
  }

  async findRecent(match: RecentMatch, since: Date): Promise<SdrInteraction | undefined> {
    const recent = this.recent(match, since);
    return recent === undefined ? undefined : { ...recent };
  }

  async refreshRecent(
    match: RecentMatch,
    since: Date,
    fields: InteractionRefresh,
  ): Promise<SdrInteraction | undefined> {
    const recent = this.recent(match, since);
    if (recent === undefined) return undefined;
    this.faults.write('sdr_interactions.findOneAndUpdate');
    const { channel, result, status, contact, sent, sentTo, convertedToLead, updatedAt } = fields;
    const refreshed = { ...recent, channel, result, status, contact, sent, sentTo, convertedToLead, updatedAt };
    this.interactions.set(recent.id, refreshed);
    const convertedAt = storedConversionTime(recent) ?? fields.convertedAt;
    return {
      ...refreshed,
      convertedAt:
        recent.convertedAt !== null || convertedAt === null
          ? convertedAt
          : this.storeConversionTime(recent.id, convertedAt),
    };
  }

  async setStatusOfLatest(
    personIds: readonly string[],
    status: SdrStatus,
    at: Date,
  ): Promise<StatusChange | undefined> {
    const latest = [...this.interactions.values()].filter((i) => personIds.includes(i.personId)).sort(newestFirst)[0];
    if (latest === undefined) return undefined;
    this.faults.write('sdr_interactions.findOneAndUpdate');
    this.interactions.set(latest.id, { ...latest, status, updatedAt: at });
    const computed = conversionTimeAfterWrite(storedConversionTime(latest), { ...latest, status }, at);
    const convertedAt =
      latest.convertedAt !== null || computed === null ? computed : this.storeConversionTime(latest.id, computed);
    return {
      interactionId: latest.id,
      contactKey: contactKeyOfInteraction(latest),
      personId: latest.personId,
      previous: latest.status,
      convertedAt,
      interaction: { ...latest, status, updatedAt: at, convertedAt },
    };
  }

  /** The second write of a converting one: the time, only where none is stored (the first wins). */
  private storeConversionTime(id: string, at: Date): Date {
    this.faults.write('sdr_interactions.findOneAndUpdate');
    const current = this.interactions.get(id);
    if (current === undefined) return at;
    if (current.convertedAt !== null) return current.convertedAt;
    this.interactions.set(id, { ...current, convertedAt: at });
    return at;
  }

  async appendNote(interactionId: string, note: SdrNote): Promise<void> {
    this.faults.write('sdr_interaction_notes.insertOne');
    this.notes.push({ id: randomUUID(), interactionId, at: note.at, text: note.text });
  }

  async listOfPersons(personIds: readonly string[], limit?: number): Promise<InteractionWithNotes[]> {
    return [...this.interactions.values()]
      .filter((i) => personIds.includes(i.personId))
      .sort(newestFirst)
      .slice(0, limit)
      .map((interaction) => ({
        interaction: { ...interaction },
        notes: this.notes
          .filter((n) => n.interactionId === interaction.id)
          .sort((a, b) => a.at.getTime() - b.at.getTime() || compareBinary(a.id, b.id))
          .map(({ at, text }) => ({ at, text })),
      }));
  }

  async *streamAll(): AsyncIterable<SdrInteraction> {
    for (const interaction of [...this.interactions.values()].sort((a, b) => compareBinary(a.id, b.id)))
      yield { ...interaction };
  }

  async ofContacts(keys: readonly string[]): Promise<SdrInteraction[]> {
    const wanted = new Set(keys);
    return [...this.interactions.values()].filter((i) => wanted.has(contactKeyOfInteraction(i))).map((i) => ({ ...i }));
  }

  async *writtenBetween(from: Date, to: Date): AsyncIterable<InteractionWrites> {
    const within = (at: Date | null) => at !== null && at >= from && at <= to;
    for (const interaction of this.interactions.values()) {
      if (within(interaction.createdAt) || within(interaction.updatedAt) || within(interaction.convertedAt))
        yield { ...interaction };
    }
  }

  private recent(match: RecentMatch, since: Date): SdrInteraction | undefined {
    if (match.personId === undefined && match.phoneKey === undefined && match.sessionId === undefined) return undefined;
    return [...this.interactions.values()]
      .filter(
        (i) =>
          (match.personId !== undefined && i.personId === match.personId) ||
          (match.phoneKey !== undefined && i.phoneKey === match.phoneKey) ||
          (match.sessionId !== undefined && i.sessionId === match.sessionId),
      )
      .filter((i) => i.createdAt >= since)
      .sort(newestFirst)[0];
  }
}
