import * as t from 'io-ts';
import type { LeadQuery } from '../../../../application/hub-leads/ports';
import { normalizePhone } from '../../../../domain/shared/phone';
import { parsedString } from '../../shared/decoding/codecs';
import { stringWith } from '../../shared/openapi/json-schema';
import { PageQuery } from '../../shared/decoding/page-query';
import { decodeHubQuery } from '../hub-codecs';

/** A Brazilian phone in any spelling, decoded to its canonical form. */
const PhoneParameter = parsedString('a Brazilian phone', normalizePhone, 'is not a valid Brazilian number', String, {
  type: 'string',
  description: 'A Brazilian phone, in any spelling',
});

/** `?page&limit&phone&pipelineId&stage` of the leads lists. */
export const LeadListQuery = t.intersection([
  PageQuery,
  t.partial({ phone: PhoneParameter, pipelineId: stringWith('pipelineId', {}), stage: stringWith('stage', {}) }),
]);

/**
 * The leads lists' query (hub spec wave one: an unknown parameter is ignored, CONTRACT 7); a
 * bracketed (`stage[$ne]=x`), repeated or malformed parameter is 400. An empty value is left out.
 */
export function leadQueryOf(orgId: string, query: Readonly<Record<string, unknown>>): LeadQuery {
  const given = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
  const q = decodeHubQuery(LeadListQuery, given, 'ignore');
  return {
    orgId,
    page: q.page,
    limit: q.limit,
    ...(q.phone === undefined ? {} : { phone: q.phone }),
    ...(q.pipelineId === undefined ? {} : { pipelineId: q.pipelineId }),
    ...(q.stage === undefined ? {} : { stage: q.stage }),
  };
}
