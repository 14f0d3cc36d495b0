import type { LeadIdentifier } from '../../domain/sdr/identifier';

/** The identifier names no person, or persons without any SDR interaction (spec part 4: 404). */
export type InteractionNotFound = { readonly _tag: 'InteractionNotFound'; readonly identifier: LeadIdentifier };
