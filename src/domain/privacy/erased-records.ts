import { REMOVED } from './erasure';
import { ERASED_PHONE } from './pseudonyms';

/** The person fields erasure sets to null (CONTRACT 12.4); `fullName` becomes `[removido]`. */
export const ERASED_PERSON_NULLS = [
  'cpf',
  'rg',
  'cnh',
  'birthDate',
  'gender',
  'maritalStatus',
  'personalEmail',
  'commercialEmail',
  'residentialPhone',
  'commercialPhone',
  'mobile',
  'optionalPhone',
] as const;

/** Whether an erased person's fields hold no personal value (and no phone or e-mail key a lookup would find). */
export function personIsErased(fields: Readonly<Record<string, unknown>>): boolean {
  const noEmailKey =
    fields.emailKeys === undefined || (Array.isArray(fields.emailKeys) && fields.emailKeys.length === 0);
  return (
    fields.fullName === REMOVED &&
    ERASED_PERSON_NULLS.every((field) => fields[field] === null || fields[field] === undefined) &&
    fields.phoneKeys === undefined &&
    noEmailKey &&
    fields.minimalPhoneKey === undefined
  );
}

/** An erased person's sale: no address, chassis and RENAVAM `[removido]` (or no vehicle). */
export function saleIsErased(sale: {
  readonly address: unknown;
  readonly chassis: unknown;
  readonly renavam: unknown;
}) {
  const vehicleErased = sale.chassis === undefined || (sale.chassis === REMOVED && sale.renavam === REMOVED);
  return sale.address === null && vehicleErased;
}

/** An erased interaction: its phone a pseudonym (or none), its notes removed. */
export function interactionIsErased(interaction: { readonly phone: string | null; readonly notes: readonly string[] }) {
  return (
    (interaction.phone === null || ERASED_PHONE.test(interaction.phone)) &&
    interaction.notes.every((note) => note === REMOVED)
  );
}

/** A contact an erased person belongs to: no phone but a pseudonym, no name but `[removido]`. */
export function contactIsErased(contact: { readonly phone: string | null; readonly name: string | null }) {
  return (
    (contact.phone === null || ERASED_PHONE.test(contact.phone)) && (contact.name === null || contact.name === REMOVED)
  );
}
