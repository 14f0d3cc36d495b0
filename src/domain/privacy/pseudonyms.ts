/**
 * The shape of an erased subject's phone pseudonym (adapters/mongo/privacy/pseudonyms.ts draws them): `00` + 11
 * digits, the shape of a phone (the SDR keys a contact by it) that no Brazilian number has (no area code starts
 * with 0), so it never matches a real phone (domain/shared/phone.ts).
 */
export const ERASED_PHONE = /^00\d{11}$/;
