/**
 * The shape of an erased subject's phone pseudonym (adapters/mongo/privacy/pseudonyms.ts draws them): `00` + 13
 * digits, the shape of a phone (the SDR keys a contact by it) that no spelling of a Brazilian number has (15 digits
 * after a leading 0: normalizePhone refuses it with or without +), so it never matches a real phone.
 */
export const ERASED_PHONE = /^00\d{13}$/;

/**
 * The digits of an erased chat's jid: the pseudonym, then `1` when the chat was the 12-digit spelling of the
 * phone (a mobile without its ninth digit), so two chats of one phone stay two chats of one contact.
 */
export const ERASED_JID_DIGITS = /^(00\d{13})1?$/;
