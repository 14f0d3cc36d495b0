import * as t from 'io-ts';
import type { Erasure } from '../../../../domain/privacy/erasure';
import { Integer, IsoTimestamp } from '../../shared/openapi/json-schema';

export const ErasureAccepted = t.type({ id: t.string, status: t.literal('pending') });

/** CONTRACT 12.2: never the identifier; `counts` per store (12.2 names), fixed when the run starts. */
export const ErasureView = t.type({
  id: t.string,
  status: t.union([t.literal('pending'), t.literal('done')]),
  reason: t.string,
  requestedAt: IsoTimestamp,
  doneAt: t.union([IsoTimestamp, t.null]),
  counts: t.record(t.string, Integer),
});

export const ErasurePage = t.type({
  data: t.array(ErasureView),
  total: Integer,
  page: Integer,
  limit: Integer,
  hasMore: t.boolean,
});

export function erasureView(erasure: Erasure): t.TypeOf<typeof ErasureView> {
  return {
    id: erasure.id,
    status: erasure.status,
    reason: erasure.reason,
    requestedAt: erasure.requestedAt.toISOString(),
    doneAt: erasure.doneAt === null ? null : erasure.doneAt.toISOString(),
    counts: { ...erasure.counts },
  };
}
