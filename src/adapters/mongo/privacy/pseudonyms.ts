import { createHash } from 'node:crypto';

/**
 * Pseudonyms that keep an erased subject's activity countable without naming it (CONTRACT 12.4: counts
 * and statuses stay, so past KPI figures do not change). Drawn from a per-erasure random salt, so the same
 * erasure run again after a crash draws the same ones, and nobody can recompute them from a phone once the
 * salt is dropped with the request's identifiers.
 */
const digest = (salt: string, value: string): string => createHash('sha256').update(`${salt}:${value}`).digest('hex');

/** A phone pseudonym in the shape of domain/privacy/pseudonyms.ts ERASED_PHONE. */
export function pseudonymPhone(salt: string, phoneMatchKey: string): string {
  const digits = BigInt(`0x${digest(salt, `phone:${phoneMatchKey}`).slice(0, 15)}`)
    .toString()
    .padStart(13, '0');
  return `00${digits.slice(-13)}`;
}

/** A web session id (`web-<uuid v4>`) standing for an erased one: the web sign-up stays a web sign-up. */
export function pseudonymSession(salt: string, sessionId: string): string {
  const hex = digest(salt, `session:${sessionId.toLowerCase()}`);
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  const uuid = [hex.slice(0, 8), hex.slice(8, 12), `4${hex.slice(13, 16)}`, `${variant}${hex.slice(17, 20)}`];
  return `web-${uuid.join('-')}-${hex.slice(20, 32)}`;
}
