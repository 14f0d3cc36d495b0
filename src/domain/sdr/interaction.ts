/** SDR interaction (spec sales part 2 and 3; CONTRACT 3.4). */

export const SDR_STATUSES = ['interested', 'not_interested', 'no_response', 'callback_requested', 'converted'] as const;
export type SdrStatus = (typeof SDR_STATUSES)[number];

export const SDR_CHANNELS = ['whatsapp', 'sms', 'email'] as const;
export type SdrChannel = (typeof SDR_CHANNELS)[number];

export type IdentifierType = 'phone' | 'cpf';

export interface SdrInteraction {
  readonly id: string;
  readonly personId: string;
  /** Canonical phone the lead was contacted on; null for a web-chat lead. */
  readonly phone: string | null;
  /** DDD + last 8 digits of `phone` (CONTRACT 3.4 flexible matching); null without phone. */
  readonly phoneKey: string | null;
  readonly sessionId: string | null;
  readonly channel: SdrChannel;
  readonly result: SdrStatus;
  readonly status: SdrStatus;
  readonly contact: boolean;
  readonly sent: boolean;
  readonly sentTo: string | null;
  readonly convertedToLead: boolean;
  /**
   * When the first write that made this interaction converted (converted_to_lead or status
   * `converted`) happened; null while no write has converted it. Kept once set, stored at write time
   * (the KPI leads of a period, CONTRACT 8.3).
   */
  readonly convertedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * The contact whose current interaction this is, for the creation window (CONTRACT 3.4): the match key
 * of its phone, else its web session id. The phone comes first because a lead with both is identified
 * by the phone. Undefined for an interaction with neither (none is created so).
 */
export function creationContactKey(interaction: Pick<SdrInteraction, 'phoneKey' | 'sessionId'>): string | undefined {
  if (interaction.phoneKey !== null) return `phone:${interaction.phoneKey}`;
  return interaction.sessionId === null ? undefined : `session:${interaction.sessionId}`;
}

export interface SdrNote {
  readonly at: Date;
  readonly text: string;
}

/** Web chat session ids: the literal `web`, a hyphen and a UUID v4 (CONTRACT 3.4). */
export type WebSessionId = string & { readonly __brand: 'WebSessionId' };

/** `web-<uuid v4>`, any case; written without flags so the OpenAPI document states it as its `pattern`. */
export const WEB_SESSION_ID =
  /^web-[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$/;

export function parseWebSessionId(value: string): WebSessionId | undefined {
  return WEB_SESSION_ID.test(value) ? (value as WebSessionId) : undefined;
}

/** `interaction_notes` as CONTRACT 3.4 writes it: one `[ISO time] text` line per note, oldest first. */
export function formatNotes(notes: readonly SdrNote[]): string | null {
  if (notes.length === 0) return null;
  return notes.map((note) => `[${note.at.toISOString()}] ${note.text}`).join('\n');
}

/**
 * Spec part 4: qualified lead = contact, sent, sent_to and converted_to_lead; interested = contact and result
 * interested.
 */
export function qualificationOf(
  interaction: Pick<SdrInteraction, 'contact' | 'sent' | 'sentTo' | 'convertedToLead' | 'result'>,
) {
  return {
    qualified:
      interaction.contact &&
      interaction.sent &&
      interaction.sentTo !== null &&
      interaction.sentTo !== '' &&
      interaction.convertedToLead,
    interested: interaction.contact && interaction.result === 'interested',
  };
}

/**
 * The conversion time after a write at `at`: the one already stored wins (the first converting write);
 * otherwise `at` when the written interaction is converted (see isConvertedInteraction), else null.
 */
export function conversionTimeAfterWrite(
  stored: Date | null,
  written: Pick<SdrInteraction, 'convertedToLead' | 'status'>,
  at: Date,
): Date | null {
  return stored ?? (isConvertedInteraction(written) ? at : null);
}

/**
 * The conversion time an interaction holds as stored: its `convertedAt`, else, when it is converted
 * without one, its `updatedAt`. A converting write stores its status and flags with `updatedAt` in one
 * write and the time in a second one (first wins, CONTRACT 10.2, docs/decisions.md F7); killed between
 * the two it leaves exactly this state, and `updatedAt` is then the time of the write that converted it.
 * The next write of the interaction and `check-data --repair` (`sdr-conversion-times`) store it.
 */
export function storedConversionTime(
  interaction: Pick<SdrInteraction, 'convertedAt' | 'convertedToLead' | 'status' | 'updatedAt'>,
): Date | null {
  return interaction.convertedAt ?? (isConvertedInteraction(interaction) ? interaction.updatedAt : null);
}

/** An interaction counts as converted when it was turned into a lead or its status is `converted` (CONTRACT 8.2). */
/** What the KPI needs of an interaction written in a period (CONTRACT 8.3): its contact and its write times. */
export type InteractionWrites = Pick<
  SdrInteraction,
  'id' | 'phone' | 'sessionId' | 'createdAt' | 'updatedAt' | 'convertedAt'
>;

export function isConvertedInteraction(interaction: Pick<SdrInteraction, 'convertedToLead' | 'status'>): boolean {
  return interaction.convertedToLead || interaction.status === 'converted';
}
