import type { CanonicalPhone } from '../shared/phone';

/** A lead-form delivery in the domain's words (spec part 4); the route codec reads the provider's payload into it. */
export interface LeadForm {
  /** The provider's id of the form entry, when the payload has one. */
  readonly formId?: string;
  readonly phone: CanonicalPhone;
  readonly name: string | null;
  readonly email: string | null;
  /**
   * The whole payload as dotted paths to text (`interests.brand`): what template conditions and
   * placeholders read (CONTRACT 6.2), kept as the lead's fields.
   */
  readonly fields: Readonly<Record<string, string>>;
}

/**
 * Spec part 6: a lead form's lead is keyed by the form id, else by the normalized phone, so every
 * spelling of one phone reaches one lead and a redelivery converges to it.
 */
export const leadFormExternalId = (form: LeadForm): string => form.formId ?? form.phone;
