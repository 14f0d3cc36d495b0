import type { Db, Document, Filter } from 'mongodb';
import type { ContactPageQuery, ContactReadModel } from '../../../../application/sdr/read-model-ports';
import {
  ACTIVE_WINDOW_MS,
  emptyTally,
  phoneDigitsOfSearch,
  type Contact,
  type ContactFilter,
  type ContactSortField,
  type MetricsTally,
  type SortOrder,
  type StoredContact,
} from '../../../../domain/sdr/contact';
import { periodRead, pipelineDocuments } from '../../shared/projected-read';
import { contactOfDocument, toDocument } from './contact-document';
import {
  METRIC_SUMS,
  PAGE_PROJECTION,
  pageWithTallyPipeline,
  tallyOfFacets,
  type PageFacets,
} from './contact-page-facet';
import { contactReadModelCollection, SDR_CONTACTS, type ContactDocument } from './contact-read-model-collection';
import { MongoVersionedReadModel } from './mongo-versioned-read-model';
import type { ReadModelSource } from './read-model-source';
import { VersionedCollection } from './versioned-collection';

const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The filter of CONTRACT 8.2 as a query on the stored fields of one source (`now` decides "active"). */
function contactQuery(source: string, filter: ContactFilter, now: Date): Filter<ContactDocument> {
  const and: Filter<ContactDocument>[] = [];
  if (filter.search !== undefined && filter.search.trim() !== '') {
    const digits = phoneDigitsOfSearch(filter.search);
    if (digits !== undefined) and.push({ phone: { $regex: escapeRegex(digits) } });
    else and.push({ sessionIdLower: { $regex: escapeRegex(filter.search.trim().toLowerCase()) } });
  }
  const activeSince = new Date(now.getTime() - ACTIVE_WINDOW_MS);
  if (filter.status === 'active') and.push({ lastInteraction: { $gt: activeSince } });
  if (filter.status === 'inactive') and.push({ lastInteraction: { $lte: activeSince } });
  if (filter.registered !== undefined) and.push({ registered: filter.registered });
  if (filter.qualified !== undefined) and.push({ qualified: filter.qualified });
  if (filter.dateFrom !== undefined) and.push({ lastInteraction: { $gte: filter.dateFrom } });
  if (filter.dateTo !== undefined) and.push({ lastInteraction: { $lte: filter.dateTo } });
  if (and.length === 0) return { source };
  return and.length === 1 ? { source, ...and[0] } : { source, $and: and };
}

function hintOf(filter: ContactFilter): string {
  if (filter.search !== undefined && filter.search.trim() !== '')
    return phoneDigitsOfSearch(filter.search) === undefined ? 'source_by_session_search' : 'source_by_phone';
  return 'source_lastInteraction_desc';
}

function sortOf(sortBy: ContactSortField, order: SortOrder): Document {
  const direction = order === 'asc' ? 1 : -1;
  if (sortBy === 'name') return { nameMissing: 1, nameKey: direction, _id: 1 };
  return { [sortBy]: direction, _id: 1 };
}

/**
 * The contact read model in MongoDB (collection `sdr_contacts`) of one gateway store: pages and metrics computed by the
 * database.
 */
export class MongoContactReadModel
  extends MongoVersionedReadModel<StoredContact, ContactDocument>
  implements ContactReadModel
{
  protected readonly versioned: VersionedCollection<StoredContact, ContactDocument>;

  private readonly toStoredContact: (doc: ContactDocument) => StoredContact;

  constructor(
    private readonly db: Db,
    private readonly source: ReadModelSource,
  ) {
    super();
    this.toStoredContact = contactOfDocument(source);
    this.versioned = new VersionedCollection(
      () => contactReadModelCollection(this.db),
      source,
      toDocument,
      this.toStoredContact,
    );
  }

  private get contacts() {
    return contactReadModelCollection(this.db);
  }

  async page(query: ContactPageQuery): Promise<Contact[]> {
    const docs = await this.contacts
      .find(contactQuery(this.source.name, query.filter, query.now), {
        sort: sortOf(query.sortBy, query.sortOrder),
        skip: query.skip,
        limit: query.limit,
        batchSize: query.limit,
        projection: PAGE_PROJECTION,
      })
      .toArray();
    return docs.map((doc) => {
      const { personIds: _personIds, conversionAt: _conversionAt, ...contact } = this.toStoredContact(doc);
      return contact;
    });
  }

  /** One `$group` of stored counts and one count of the active ones (unless the filter decides it). */
  async tally(filter: ContactFilter, now: Date): Promise<MetricsTally> {
    const query = contactQuery(this.source.name, filter, now);
    const [sums] = await this.contacts
      .aggregate<{ total: number; qualified: number; messages: number; interactions: number; converted: number }>(
        [{ $match: query }, METRIC_SUMS],
        // Every contact the filter keeps is read (the metrics cover the whole filtered set): through
        // the index of the filter's narrowest field, else the whole default-sort index.
        { hint: hintOf(filter) },
      )
      .toArray();
    if (sums === undefined || sums.total === 0) return emptyTally();
    let active: number;
    if (filter.status === 'active') active = sums.total;
    else if (filter.status === 'inactive') active = 0;
    else
      active = await this.contacts.countDocuments(contactQuery(this.source.name, { ...filter, status: 'active' }, now));
    return {
      total: sums.total,
      active,
      qualified: sums.qualified,
      messages: sums.messages,
      interactions: sums.interactions,
      convertedInteractions: sums.converted,
    };
  }

  /** The page and the metrics in one aggregate (contact-page-facet.ts). */
  async pageWithTally(query: ContactPageQuery): Promise<{ items: Contact[]; tally: MetricsTally }> {
    const match = contactQuery(this.source.name, query.filter, query.now);
    // One reply (the `$facet` is one document), decoded in one pass.
    const [facets] = await pipelineDocuments<PageFacets>(
      { db: this.db, name: SDR_CONTACTS },
      pageWithTallyPipeline(match, sortOf(query.sortBy, query.sortOrder), query),
      { batchSize: 1, hint: hintOf(query.filter) },
    );
    const items = (facets?.page ?? []).map((doc) => {
      const { personIds: _personIds, conversionAt: _conversionAt, ...contact } = this.toStoredContact(doc);
      return contact;
    });
    return { items, tally: tallyOfFacets(facets) };
  }

  async findByIds(ids: readonly string[]): Promise<StoredContact[]> {
    if (ids.length === 0) return [];
    const docs = await this.contacts.find({ _id: { $in: ids.map((id) => this.source.idOf(id)) } }).toArray();
    return docs.map(this.toStoredContact);
  }

  async withPhoneKey(phoneKey: string, limit: number): Promise<Contact[]> {
    const docs = await this.contacts
      .find({ source: this.source.name, phoneKey }, { sort: { lastInteraction: -1, _id: 1 }, limit })
      .toArray();
    return docs.map((doc) => {
      const { personIds: _personIds, conversionAt: _conversionAt, ...contact } = this.toStoredContact(doc);
      return contact;
    });
  }

  async idsOfPersons(personIds: readonly string[], phoneKeys: readonly string[]): Promise<string[]> {
    const branches: Filter<ContactDocument>[] = [];
    if (personIds.length > 0) branches.push({ personIds: { $in: [...personIds] } });
    if (phoneKeys.length > 0) branches.push({ phoneKey: { $in: [...phoneKeys] } });
    if (branches.length === 0) return [];
    const source = this.source.name;
    const docs = await this.contacts
      .find(branches.length === 1 ? { source, ...branches[0] } : { source, $or: branches }, {
        projection: { _id: 1 },
      })
      .toArray();
    return docs.map((d) => this.source.keyOf(d._id));
  }

  async *conversionsBetween(from: Date, to: Date): AsyncIterable<{ readonly sessionId: string; readonly at: Date }> {
    const filter = { source: this.source.name, conversionAt: { $gte: from, $lte: to } };
    const fields = { _id: 1, conversionAt: 1 };
    const contacts = { db: this.db, name: SDR_CONTACTS };
    type Conversion = Pick<ContactDocument, '_id' | 'conversionAt'>;
    for await (const batch of periodRead<Conversion>(contacts, filter, fields, { batchSize: 1_000 }))
      for (const doc of batch)
        if (doc.conversionAt instanceof Date) yield { sessionId: this.source.keyOf(doc._id), at: doc.conversionAt };
  }

  async *webContactsFirstBetween(from: Date, to: Date): AsyncIterable<Contact> {
    for await (const doc of this.contacts
      .find({ source: this.source.name, web: true, firstInteraction: { $gte: from, $lte: to } })
      .batchSize(1_000))
      yield this.toStoredContact(doc);
  }
}
