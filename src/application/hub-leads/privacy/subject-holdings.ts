import { holdingOrder } from '../../shared/privacy/holding';
import { subjectOf, type Subject, type SubjectIdentifier } from '../../shared/privacy/subject';
import type { Clock } from '../../shared/ports';
import type { HubHolding } from './ports';

export interface HubSubjectInput {
  readonly orgId: string;
  /** A phone (canonical) or an e-mail (lower case); the hub holds no CPF. */
  readonly identifier: SubjectIdentifier;
}

export interface HubSubjectHoldings {
  readonly subject: Subject;
  readonly holdings: readonly { readonly store: string; readonly count: number }[];
}

/** CONTRACT 12.3: what each hub store holds of a subject in one organization (counts 0 when nothing). */
export class FindHubSubjectHoldings {
  private readonly holdings: readonly HubHolding[];

  constructor(holdings: readonly HubHolding[]) {
    this.holdings = holdingOrder(holdings);
  }

  async execute(input: HubSubjectInput): Promise<HubSubjectHoldings> {
    const subject = subjectOf(input.identifier);
    const scope = { organizationId: input.orgId };
    const holdings = [];
    for (const holding of this.holdings) {
      holdings.push({ store: holding.store, count: await holding.reader.count(subject, scope) });
    }
    return { subject, holdings };
  }
}

export interface HubSubjectExport {
  readonly subject: Subject;
  readonly generatedAt: Date;
  /** Store by store, each a stream of documents in the API's shapes (never the whole set in memory). */
  readonly stores: readonly { readonly store: string; readonly documents: AsyncIterable<unknown> }[];
}

/** CONTRACT 12.3 portability: the subject's documents of one organization, store by store, streamed. */
export class ExportHubSubject {
  private readonly holdings: readonly HubHolding[];

  constructor(
    holdings: readonly HubHolding[],
    private readonly clock: Clock,
  ) {
    this.holdings = holdingOrder(holdings);
  }

  execute(input: HubSubjectInput): HubSubjectExport {
    const subject = subjectOf(input.identifier);
    const scope = { organizationId: input.orgId };
    return {
      subject,
      generatedAt: this.clock.now(),
      stores: this.holdings.map((h) => ({ store: h.store, documents: h.reader.documents(subject, scope) })),
    };
  }
}

/** The wire subject of CONTRACT 12.2 (`cpf` is null on the hub). */
export const subjectView = (s: Subject) => ({ cpf: s.cpfs[0] ?? null, phones: [...s.phones], emails: [...s.emails] });

/** The export as JSON text chunks, one document at a time. */
export async function* hubExportJson(exported: HubSubjectExport): AsyncGenerator<string> {
  yield `{"subject":${JSON.stringify(subjectView(exported.subject))},`;
  yield `"generatedAt":${JSON.stringify(exported.generatedAt.toISOString())},"stores":{`;
  for (const [index, { store, documents }] of exported.stores.entries()) {
    yield `${index === 0 ? '' : ','}${JSON.stringify(store)}:[`;
    let first = true;
    for await (const document of documents) {
      yield `${first ? '' : ','}${JSON.stringify(document)}`;
      first = false;
    }
    yield ']';
  }
  yield '}}';
}
