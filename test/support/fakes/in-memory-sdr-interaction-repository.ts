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
import { conversionTimeAfterWrite, creationContactKey, type SdrInteraction, type SdrNote, type SdrStatus } from '../../../src/domain/sdr/interaction';
import { compareBinary } from './binary-order';

const newestFirst = (a: SdrInteraction, b: SdrInteraction) => b.createdAt.getTime() - a.createdAt.getTime() || compareBinary(b.id, a.id);

export class InMemorySdrInteractionRepository implements SdrInteractionRepository {
  private readonly interactions = new Map<string, SdrInteraction>();
  private readonly notes: (SdrNote & { id: string; interactionId: string })[] = [];

  /** Contact key (creationContactKey) -> the id of its current interaction, as the unique `currentKey` is. */
  private readonly current = new Map<string, string>();

  async insert(interaction: SdrInteraction): Promise<void> {
    this.store(interaction);
  }

  // Decided without an await in between, as the unique index decides it in one write.
  async insertCurrent(interaction: SdrInteraction, since: Date): Promise<CurrentInsert> {
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

  async refreshRecent(match: RecentMatch, since: Date, fields: InteractionRefresh): Promise<SdrInteraction | undefined> {
    const recent = this.recent(match, since);
    if (recent === undefined) return undefined;
    const { channel, result, status, contact, sent, sentTo, convertedToLead, updatedAt } = fields;
    const refreshed = { ...recent, channel, result, status, contact, sent, sentTo, convertedToLead, convertedAt: recent.convertedAt ?? fields.convertedAt, updatedAt };
    this.interactions.set(recent.id, refreshed);
    return { ...refreshed };
  }

  async setStatusOfLatest(personIds: readonly string[], status: SdrStatus, at: Date): Promise<StatusChange | undefined> {
    const latest = [...this.interactions.values()].filter((i) => personIds.includes(i.personId)).sort(newestFirst)[0];
    if (latest === undefined) return undefined;
    const convertedAt = conversionTimeAfterWrite(latest.convertedAt, { ...latest, status }, at);
    this.interactions.set(latest.id, { ...latest, status, convertedAt, updatedAt: at });
    return { interactionId: latest.id, contactKey: contactKeyOfInteraction(latest), personId: latest.personId, previous: latest.status, convertedAt };
  }

  async appendNote(interactionId: string, note: SdrNote): Promise<void> {
    this.notes.push({ id: randomUUID(), interactionId, at: note.at, text: note.text });
  }

  async listOfPersons(personIds: readonly string[]): Promise<InteractionWithNotes[]> {
    return [...this.interactions.values()]
      .filter((i) => personIds.includes(i.personId))
      .sort(newestFirst)
      .map((interaction) => ({
        interaction: { ...interaction },
        notes: this.notes
          .filter((n) => n.interactionId === interaction.id)
          .sort((a, b) => a.at.getTime() - b.at.getTime() || compareBinary(a.id, b.id))
          .map(({ at, text }) => ({ at, text })),
      }));
  }

  async *streamAll(): AsyncIterable<SdrInteraction> {
    for (const interaction of [...this.interactions.values()].sort((a, b) => compareBinary(a.id, b.id))) yield { ...interaction };
  }

  async ofContacts(keys: readonly string[]): Promise<SdrInteraction[]> {
    const wanted = new Set(keys);
    return [...this.interactions.values()].filter((i) => wanted.has(contactKeyOfInteraction(i))).map((i) => ({ ...i }));
  }

  async *writtenBetween(from: Date, to: Date): AsyncIterable<SdrInteraction> {
    const within = (at: Date | null) => at !== null && at >= from && at <= to;
    for (const interaction of this.interactions.values()) {
      if (within(interaction.createdAt) || within(interaction.updatedAt) || within(interaction.convertedAt)) yield { ...interaction };
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
