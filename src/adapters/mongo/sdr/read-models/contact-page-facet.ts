import type { Document } from 'mongodb';
import type { ContactPageQuery } from '../../../../application/sdr/read-model-ports';
import { ACTIVE_WINDOW_MS, emptyTally, type MetricsTally } from '../../../../domain/sdr/contact';
import type { ContactDocument } from './contact-read-model-collection';

/** What a page leaves out: the fields only the filters, sorts, sums and other reads use (a real mongod honours it). */
export const PAGE_PROJECTION: Document = Object.fromEntries(
  [
    'source',
    'generation',
    'dirtySince',
    'phoneKey',
    'sessionIdLower',
    'web',
    'nameMissing',
    'nameKey',
    'personIds',
    'qualifiedCount',
    'conversionAt',
  ].map((field) => [field, 0]),
);

/** The metric sums of a filtered set of contacts (stored counts only: the `$group` subset of CONTRACT 1.1). */
export const METRIC_SUMS: Document = {
  $group: {
    _id: null,
    total: { $sum: 1 },
    qualified: { $sum: '$qualifiedCount' },
    messages: { $sum: '$messageCount' },
    interactions: { $sum: '$interactionCount' },
    converted: { $sum: '$convertedInteractionCount' },
  },
};

interface Sums {
  total: number;
  qualified: number;
  messages: number;
  interactions: number;
  converted: number;
}

export interface PageFacets {
  sums: Sums[];
  active: { n: number }[];
  page: ContactDocument[];
}

/**
 * GET /sdr/contacts in one aggregate (CONTRACT 8.2): the filter's `$match` (through the index of its narrowest field,
 * hinted by the caller), then a `$facet` of the metric sums (stored counts only: the `$group` subset of CONTRACT 1.1),
 * the active count and the page (a top-k sort, skipped, limited, projected). The active count is a `$match` on
 * lastInteraction over the same set, not a `$sum` of the same `$group`: the embedded server evaluates no expression
 * (`$cond`, `$gt`) in a `$group`, it sums them as 0.
 */
export function pageWithTallyPipeline(
  match: Document,
  sort: Document,
  query: Pick<ContactPageQuery, 'now' | 'skip' | 'limit'>,
): Document[] {
  const activeSince = new Date(query.now.getTime() - ACTIVE_WINDOW_MS);
  const page: Document[] = [{ $sort: sort }];
  if (query.skip > 0) page.push({ $skip: query.skip });
  page.push({ $limit: query.limit }, { $project: PAGE_PROJECTION });
  return [
    { $match: match },
    {
      $facet: {
        sums: [METRIC_SUMS],
        active: [{ $match: { lastInteraction: { $gt: activeSince } } }, { $group: { _id: null, n: { $sum: 1 } } }],
        page,
      },
    },
  ];
}

/** The tally of the facets' sums and active count (the empty tally when the filter keeps nothing). */
export function tallyOfFacets(facets: PageFacets | undefined): MetricsTally {
  const sums = facets?.sums[0];
  if (sums === undefined || sums.total === 0) return emptyTally();
  return {
    total: sums.total,
    active: facets?.active[0]?.n ?? 0,
    qualified: sums.qualified,
    messages: sums.messages,
    interactions: sums.interactions,
    convertedInteractions: sums.converted,
  };
}
