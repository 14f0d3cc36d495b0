import type { LeadQuery } from '../../../../application/hub-leads/ports';
import { normalizePhone } from '../../../../domain/shared/phone';
import { HttpError } from '../../shared/http-error';
import type { ParameterSpec } from '../../shared/openapi/documented-router';

const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 20;

/** The query `leadQueryOf` reads, for the OpenAPI document. */
export const LEAD_QUERY_PARAMETERS: readonly ParameterSpec[] = [
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 } },
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE } },
  { name: 'phone', in: 'query', description: 'A Brazilian phone, in any spelling', schema: { type: 'string' } },
  { name: 'pipelineId', in: 'query', schema: { type: 'string' } },
  { name: 'stage', in: 'query', schema: { type: 'string' } },
];

/** `?page&limit&phone&pipelineId&stage` of the leads lists; a repeated or malformed parameter is 400. */
export function leadQueryOf(orgId: string, query: Readonly<Record<string, string | string[] | undefined>>): LeadQuery {
  const details: Record<string, string[]> = {};
  const one = (name: string): string | undefined => {
    const value = query[name];
    if (Array.isArray(value)) {
      details[name] = [`${name} must be given once`];
      return undefined;
    }
    return value === undefined || value === '' ? undefined : value;
  };
  const integer = (name: string, fallback: number, max: number): number => {
    const raw = one(name);
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || n < 1 || n > max) {
      details[name] = [`${name} must be an integer from 1 to ${max}`];
      return fallback;
    }
    return n;
  };
  const page = integer('page', 1, 1_000_000);
  const limit = integer('limit', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  const rawPhone = one('phone');
  const phone = rawPhone === undefined ? undefined : normalizePhone(rawPhone);
  if (rawPhone !== undefined && phone === undefined) details.phone = ['phone is not a valid Brazilian number'];
  const pipelineId = one('pipelineId');
  const stage = one('stage');
  if (Object.keys(details).length > 0) throw new HttpError(400, 'Validation error', { details });
  return {
    orgId,
    page,
    limit,
    ...(phone === undefined ? {} : { phone }),
    ...(pipelineId === undefined ? {} : { pipelineId }),
    ...(stage === undefined ? {} : { stage }),
  };
}
