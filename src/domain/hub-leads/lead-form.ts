import type { CanonicalPhone } from '../shared/phone';

/**
 * The form's phone (CONTRACT 7): canonical when it is a Brazilian number; otherwise kept as sent,
 * so the lead is not lost, but it identifies nobody.
 */
export type FormPhone =
  { readonly usable: true; readonly value: CanonicalPhone } | { readonly usable: false; readonly value: string };

/** A lead-form delivery in the domain's words (spec part 4); the route codec reads the provider's payload into it. */
export interface LeadForm {
  /** The provider's id of the form entry, when the payload has one. */
  readonly formId?: string;
  readonly phone: FormPhone;
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
 * spelling of one phone reaches one lead and a redelivery converges to it. An unusable phone is never
 * a key (CONTRACT 7): such a form is keyed by its delivery (the hash of its body), so it is a lead of
 * its own and a redelivery of the same body still converges to it.
 */
export const leadFormExternalId = (form: LeadForm, bodyHash: string): string =>
  form.formId ?? (form.phone.usable ? form.phone.value : `unmatched-phone:${bodyHash}`);
