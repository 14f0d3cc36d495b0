import * as t from 'io-ts';
import { SDR_CHANNELS, SDR_STATUSES } from '../../../domain/sdr/interaction';
import { NonBlankString } from './decode-input';

const oneOf = <K extends string>(values: readonly K[]) =>
  t.keyof(Object.fromEntries(values.map((v) => [v, null])) as Record<K, null>, `one of ${values.join(', ')}`);

export const IdentifierTypeCodec = oneOf(['phone', 'cpf'] as const);
export const SdrStatusCodec = oneOf(SDR_STATUSES);

/** Spec part 4 PATCH /sdr/interactions/status; unknown keys are stripped. */
export const SdrStatusBody = t.exact(
  t.intersection([
    t.type({ identifier: NonBlankString, identifier_type: IdentifierTypeCodec, status: SdrStatusCodec }),
    t.partial({ notes: t.string }),
  ]),
);

/** Spec part 2 "SDR interaction (input of creation)" plus the optional person data of the issue. */
export const SdrCreateBody = t.exact(
  t.intersection([
    t.type({ channel: oneOf(SDR_CHANNELS), result: SdrStatusCodec }),
    t.partial({
      phone: NonBlankString,
      session_id: NonBlankString,
      contact: t.boolean,
      sent: t.boolean,
      sent_to: t.union([t.string, t.null]),
      converted_to_lead: t.boolean,
      name: t.string,
      cpf: NonBlankString,
      email: t.string,
      notes: t.string,
    }),
  ]),
);

/** CONTRACT 3.4 GET /sdr/interactions query. */
export const SdrListQuery = t.type({ identifier: NonBlankString, identifier_type: IdentifierTypeCodec });
