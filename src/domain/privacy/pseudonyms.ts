/**
 * The shape of an erased subject's phone pseudonym (adapters/mongo/privacy/pseudonyms.ts draws them): `00` + 13
 * digits, the shape of a phone (the SDR keys a contact by it) that no spelling of a Brazilian number has (15 digits
 * after a leading 0: normalizePhone refuses it with or without +), so it never matches a real phone.
 */
export const ERASED_PHONE = /^00\d{13}$/;
