/**
 * The gateway store a read model is derived from (CONTRACT 8.1, 10.1): its database and collection.
 * Copies of the service may share one database while reading different gateway stores
 * (GATEWAY_MONGODB_URI, GATEWAY_MESSAGES_COLLECTION); each reads and writes only the documents of its
 * own store. Every read-model document carries its source, every index leads with it and every query
 * names it; the `_id` is prefixed with it, so the same chat or contact of two stores is two documents.
 * A store configured anew has no documents and no follower position yet: the models are built on start.
 */
/**
 * The shape of the SDR read models' documents; raised when a change needs every document recomputed (2: the chats'
 * KPI facts; 3: the person kept on a chat; 4: the KPI facts packed in one binary).
 */
export const READ_MODEL_SHAPE = 4;

export class ReadModelSource {
  private readonly prefix: string;

  constructor(readonly name: string) {
    this.prefix = `${name}|`;
  }

  /**
   * The source of a gateway store: `<database>/<collection>`, and from the second shape of the models
   * on, `#<shape>`: a new shape (the chats' KPI facts of CONTRACT 8.3, their person) is a source with no
   * documents and no follower position, so every copy builds it on start (CONTRACT 10.1); the documents
   * of the older shape are never read again (docs/decisions.md says how to drop them).
   */
  static of(databaseName: string, collection: string): ReadModelSource {
    return new ReadModelSource(`${databaseName}/${collection}#${READ_MODEL_SHAPE}`);
  }

  /** The stored `_id` of a document key (a chat id, a contact key). */
  idOf(key: string): string {
    return this.prefix + key;
  }

  /** The document key of a stored `_id` of this source. */
  keyOf(id: string): string {
    return id.startsWith(this.prefix) ? id.slice(this.prefix.length) : id;
  }
}
