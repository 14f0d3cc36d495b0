import type { Person } from '../../../domain/sales/sale';
import { chatIdOf, chatOf, type ChatRef, type SdrChat } from '../../../domain/sdr/chat';
import {
  contactKeyOfInteraction,
  contactOfFacts,
  phoneKeysOfPerson,
  type ChatActivity,
  type ChatName,
  type StoredContact,
} from '../../../domain/sdr/contact';
import { phoneOfJid } from '../../../domain/sdr/gateway-message';
import { phoneMatchKey, type CanonicalPhone } from '../../../domain/shared/phone';
import type { ContactDirectory, GatewayMessageStore, SdrInteractionRepository } from '../ports';
import type { ChatReadModel, ContactReadModel, ReadModelWriteOutcome, VersionedReadModel } from '../read-model-ports';

/** Recomputes the documents of these ids from their sources (absent: the document goes). */
type Compute<T> = (ids: readonly string[]) => Promise<Map<string, T>>;

/** Documents refreshed per round of keyed lookups. */
export const REFRESH_BATCH = 500;
/**
 * Chats whose facts one lookup names (refreshes, the rebuild, check-data). The gateway store reads the
 * messages of up to that many named chats (its NAMED_CHATS); past it, it groups every chat of the
 * instance and ships every chat's summary to this process, which would make a fold of new messages cost
 * in proportion to the whole history, and a rebuild hold the whole store's summaries at once.
 */
export const FACTS_LOOKUP = 250;
/** Claim-read-write rounds for a document another refresh inserted first. */
const RETRIES = 3;

export interface ReadModelSources {
  readonly interactions: SdrInteractionRepository;
  readonly gateway: GatewayMessageStore;
  readonly directory: ContactDirectory;
}

export interface RefreshCounts {
  chats: number;
  contacts: number;
  written: number;
  superseded: number;
}

export const emptyCounts = (): RefreshCounts => ({ chats: 0, contacts: 0, written: 0, superseded: 0 });

export interface RebuildProgress {
  /** Called after each batch: what the rebuild has done so far of how much. */
  (done: { readonly phase: 'chats' | 'contacts'; readonly done: number; readonly total: number }): void | Promise<void>;
}

/** A canonical phone (the contact key of a phone contact), as opposed to a web session id. */
const isPhoneKey = (key: string): key is CanonicalPhone => /^55\d{10,11}$/.test(key);

/**
 * The SDR read models (CONTRACT 10.1): one document per one-to-one chat and one per contact, each
 * recomputed from its sources by keyed lookups when a change touches it. A refresh is idempotent
 * (running it twice, or again after a crash, gives the same document) and safe against concurrent
 * refreshes (ReadModelClaim). The rebuild is the same refresh over every key there is.
 */
export class SdrReadModels {
  constructor(
    private readonly sources: ReadModelSources,
    private readonly chats: ChatReadModel,
    private readonly contacts: ContactReadModel,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Recomputes these chats, then the contacts of their phones and `contacts` besides. */
  async refreshChats(
    refs: readonly ChatRef[],
    counts: RefreshCounts = emptyCounts(),
    contacts: readonly string[] = [],
  ): Promise<RefreshCounts> {
    const unique = new Map(refs.map((r) => [chatIdOf(r), { instance: r.instance, remoteJid: r.remoteJid }]));
    const all = [...unique.values()];
    for (let i = 0; i < all.length; i += REFRESH_BATCH) {
      await this.refreshBatch(
        this.chats,
        all.slice(i, i + REFRESH_BATCH).map((r) => chatIdOf(r)),
        this.computeChats,
        counts,
        'chats',
      );
    }
    const phones = all.flatMap((r) => phoneOfJid(r.remoteJid) ?? []);
    return this.refreshContacts([...phones, ...contacts], counts);
  }

  /** Recomputes these contacts (keys: canonical phones, web session ids, `interaction:<id>`). */
  async refreshContacts(keys: readonly string[], counts: RefreshCounts = emptyCounts()): Promise<RefreshCounts> {
    const all = [...new Set(keys)];
    for (let i = 0; i < all.length; i += REFRESH_BATCH) {
      await this.refreshBatch(
        this.contacts,
        all.slice(i, i + REFRESH_BATCH),
        this.computeContactsOf,
        counts,
        'contacts',
      );
    }
    return counts;
  }

  /** A person created or changed (name, phones) or a sale of theirs written: the contacts they belong to, before and after. */
  async personsChanged(personIds: readonly string[]): Promise<RefreshCounts> {
    if (personIds.length === 0) return emptyCounts();
    const persons = await this.sources.directory.findByIds(personIds);
    const phoneKeys = [...new Set(persons.flatMap(phoneKeysOfPerson))];
    return this.refreshContacts(await this.contacts.idsOfPersons(personIds, phoneKeys));
  }

  /**
   * Both models from scratch (`rebuild-sdr-read-models`, the reconciling sweep): every chat of the
   * store and every chat document, then every contact key of the interactions and chats and every
   * contact document, recomputed in batches; only documents that differ are written (a sweep of
   * models that are right writes nothing), those whose sources are gone are removed. Safe while the
   * service runs: a write lands only on the generation read before the sources were, so any refresh
   * that claimed the document since wins.
   */
  async rebuild(progress?: RebuildProgress): Promise<RefreshCounts> {
    const counts = emptyCounts();
    const chatRefs = new Map<string, ChatRef>();
    for await (const ref of this.sources.gateway.allChats())
      chatRefs.set(chatIdOf(ref), { instance: ref.instance, remoteJid: ref.remoteJid });
    for await (const id of this.chats.ids()) {
      if (chatRefs.has(id)) continue;
      const stored = (await this.chats.findByIds([id]))[0];
      chatRefs.set(id, stored ?? refOfChatId(id));
    }
    const refs = [...chatRefs.values()];
    for (let i = 0; i < refs.length; i += REFRESH_BATCH) {
      await this.reconcileBatch(
        this.chats,
        refs.slice(i, i + REFRESH_BATCH).map((r) => chatIdOf(r)),
        this.computeChats,
        counts,
        'chats',
      );
      await progress?.({ phase: 'chats', done: Math.min(i + REFRESH_BATCH, refs.length), total: refs.length });
    }
    const keys = new Set<string>();
    for (const ref of refs) {
      const phone = phoneOfJid(ref.remoteJid);
      if (phone !== undefined) keys.add(phone);
    }
    for await (const interaction of this.sources.interactions.streamAll())
      keys.add(contactKeyOfInteraction(interaction));
    for await (const id of this.contacts.ids()) keys.add(id);
    const all = [...keys];
    for (let i = 0; i < all.length; i += REFRESH_BATCH) {
      await this.reconcileBatch(
        this.contacts,
        all.slice(i, i + REFRESH_BATCH),
        this.computeContactsOf,
        counts,
        'contacts',
      );
      await progress?.({ phase: 'contacts', done: Math.min(i + REFRESH_BATCH, all.length), total: all.length });
    }
    return counts;
  }

  /** Documents a refresh claimed and never wrote (it died half-way), claimed before `before`: refreshed again. */
  async repairDirty(before: Date, limit = REFRESH_BATCH): Promise<RefreshCounts> {
    const counts = emptyCounts();
    const chatIds = await this.chats.dirtyIds(before, limit);
    if (chatIds.length > 0) {
      const stored = new Map((await this.chats.findByIds(chatIds)).map((c) => [c.id, c]));
      await this.refreshChats(
        chatIds.map((id) => stored.get(id) ?? refOfChatId(id)),
        counts,
      );
    }
    const contactIds = await this.contacts.dirtyIds(before, limit);
    if (contactIds.length > 0) await this.refreshContacts(contactIds, counts);
    return counts;
  }

  /**
   * The chat documents of `refs` that differ from their recomputation (one missing, one left over
   * after its chat is gone, or one with other values), computed as a refresh computes them but
   * written nowhere (`check-data`, CONTRACT 10.2). The bookkeeping fields (generation, dirtySince)
   * are not compared. `absentOnly`: only the refs without a document are judged (their documents
   * were judged already). At most REFRESH_BATCH refs a call.
   */
  async verifyChats(refs: readonly ChatRef[], options: { readonly absentOnly?: boolean } = {}): Promise<string[]> {
    const unique = new Map(refs.map((r) => [chatIdOf(r), { instance: r.instance, remoteJid: r.remoteJid }]));
    const stored = new Map((await this.chats.findByIds([...unique.keys()])).map((c) => [c.id, c]));
    const judged = [...unique.values()].filter((r) => options.absentOnly !== true || !stored.has(chatIdOf(r)));
    if (judged.length === 0) return [];
    const computed = await this.computeChats(judged.map((r) => chatIdOf(r)));
    return judged.map((r) => chatIdOf(r)).filter((id) => !sameValue(stored.get(id), computed.get(id)));
  }

  /** The contact documents of `keys` that differ from their recomputation, as verifyChats. */
  async verifyContacts(keys: readonly string[], options: { readonly absentOnly?: boolean } = {}): Promise<string[]> {
    const unique = [...new Set(keys)];
    const stored = new Map((await this.contacts.findByIds(unique)).map((c) => [c.sessionId, c]));
    const judged = unique.filter((key) => options.absentOnly !== true || !stored.has(key));
    if (judged.length === 0) return [];
    const computed = await this.computeContacts(judged);
    return judged.filter((key) => !sameValue(stored.get(key), computed.get(key)));
  }

  /**
   * The rebuild's step for a batch: the documents are read as they are (no claim), then recomputed, and
   * only the documents that differ are written, each on the generation read (a claim made since by a
   * refresh supersedes it). A rebuild of models that are right writes nothing. A first insert another
   * refresh made first is refreshed again, claimed.
   */
  private async reconcileBatch<T>(
    model: VersionedReadModel<T>,
    ids: readonly string[],
    compute: Compute<T>,
    counts: RefreshCounts,
    kind: 'chats' | 'contacts',
  ): Promise<void> {
    const stored = await model.snapshot(ids);
    const computed = await compute(ids);
    counts[kind] += ids.length;
    const changed = stored.filter((doc) => !sameValue(doc.value, computed.get(doc.id)));
    if (changed.length === 0) return;
    const outcome = await model.put(
      changed.map(({ id, generation }) => ({ claim: { id, generation }, value: computed.get(id) })),
    );
    const retry = this.account(outcome, counts, ids);
    if (retry.length > 0) await this.refreshBatch(model, retry, compute, emptyCounts(), kind);
  }

  /** A write's refresh of a batch: claim, recompute, write on the claimed generation; a lost first insert is done again. */
  private async refreshBatch<T>(
    model: VersionedReadModel<T>,
    ids: readonly string[],
    compute: Compute<T>,
    counts: RefreshCounts,
    kind: 'chats' | 'contacts',
  ): Promise<void> {
    let pending = ids;
    for (let round = 0; round < RETRIES && pending.length > 0; round += 1) {
      const claims = await model.claim(pending, this.now());
      const computed = await compute(pending);
      const outcome = await model.put(claims.map((claim) => ({ claim, value: computed.get(claim.id) })));
      counts[kind] += round === 0 ? pending.length : 0;
      pending = this.account(outcome, counts, pending);
    }
  }

  /**
   * The chats of these document ids from the gateway's messages, named FACTS_LOOKUP at a time: the store
   * answers only those chats (past that it would send every chat of the instance, and the process would
   * hold the whole store's summaries).
   */
  private readonly computeChats: Compute<SdrChat> = async (ids) => {
    const refs = ids.map(refOfChatId);
    const facts = new Map<string, SdrChat>();
    for (let i = 0; i < refs.length; i += FACTS_LOOKUP) {
      for (const f of await this.sources.gateway.chatFacts(refs.slice(i, i + FACTS_LOOKUP)))
        facts.set(chatIdOf(f), chatOf(f));
    }
    return facts;
  };

  private readonly computeContactsOf: Compute<StoredContact> = (keys) => this.computeContacts(keys);

  private account(outcome: ReadModelWriteOutcome, counts: RefreshCounts, pending: readonly string[]): string[] {
    counts.written += outcome.written;
    counts.superseded += outcome.superseded;
    const retry = new Set(outcome.retry);
    return pending.filter((id) => retry.has(id));
  }

  /** The contacts of these keys from their sources: interactions, chat documents, persons, sales. */
  private async computeContacts(keys: readonly string[]): Promise<Map<string, StoredContact>> {
    const { interactions: interactionStore, directory } = this.sources;
    const phones = keys.filter(isPhoneKey);
    const [interactions, chats] = await Promise.all([
      interactionStore.ofContacts(keys),
      phones.length === 0 ? Promise.resolve([]) : this.chats.ofPhones(phones),
    ]);
    const matchKeys = [...new Set(phones.map((p) => phoneMatchKey(p)))];
    const byPhone = matchKeys.length === 0 ? [] : await directory.findByPhoneKeys(matchKeys);
    const known = new Set(byPhone.map((p) => p.id));
    const missing = [...new Set(interactions.map((i) => i.personId))].filter((id) => !known.has(id));
    const byId = missing.length === 0 ? [] : await directory.findByIds(missing);
    const persons = new Map<string, Person>([...byPhone, ...byId].map((p) => [p.id, p]));
    const sales = persons.size === 0 ? [] : await directory.salesOf([...persons.keys()]);
    const interactionsOf = groupBy(interactions, contactKeyOfInteraction);
    // Chats in instance then jid order: the whole-store fold meets them in that order too (a tie of pushName times keeps the first).
    const ordered = [...chats].sort((a, b) =>
      a.instance < b.instance
        ? -1
        : a.instance > b.instance
          ? 1
          : a.remoteJid < b.remoteJid
            ? -1
            : a.remoteJid > b.remoteJid
              ? 1
              : 0,
    );
    const chatsOf = groupBy(
      ordered.filter((c): c is SdrChat & { phone: CanonicalPhone } => c.phone !== null),
      (c) => c.phone,
    );
    const holdersOf = new Map<string, Person[]>();
    for (const person of persons.values())
      for (const key of phoneKeysOfPerson(person)) holdersOf.set(key, [...(holdersOf.get(key) ?? []), person]);
    const computed = new Map<string, StoredContact>();
    for (const key of keys) {
      const own = interactionsOf.get(key) ?? [];
      const ownChats = chatsOf.get(key) ?? [];
      const candidates = new Map<string, Person>();
      for (const i of own) {
        const person = persons.get(i.personId);
        if (person !== undefined) candidates.set(person.id, person);
      }
      if (isPhoneKey(key))
        for (const person of holdersOf.get(phoneMatchKey(key)) ?? []) candidates.set(person.id, person);
      const contact = contactOfFacts({
        sessionId: key,
        interactions: own,
        chats: ownChats.map((c): ChatActivity => ({
          phone: c.phone,
          messageCount: c.messageCount,
          firstAt: c.firstAt,
          lastAt: c.last.at,
        })),
        names: ownChats.flatMap((c): ChatName[] =>
          c.pushName === null || c.pushNameAt === null
            ? []
            : [{ phone: c.phone, pushName: c.pushName, at: c.pushNameAt }],
        ),
        persons: [...candidates.values()],
        sales: sales.filter((s) => candidates.has(s.personId)),
      });
      if (contact !== undefined) computed.set(key, contact);
    }
    return computed;
  }
}

/** Equal as stored values: the same fields with the same values, whatever their order (dates by their time). */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) =>
      v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date)
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>)
              .filter(([, inner]) => inner !== undefined)
              .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
          )
        : v,
    ) ?? 'undefined'
  );
}

/** The chat a document id names (`<instance>:<remoteJid>`; the jid has no colon, the instance may). */
export function refOfChatId(id: string): ChatRef {
  const at = id.lastIndexOf(':');
  return { instance: id.slice(0, Math.max(0, at)), remoteJid: id.slice(at + 1) };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [item]);
    else group.push(item);
  }
  return groups;
}
