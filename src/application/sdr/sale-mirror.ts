import { qualificationOf, type SdrInteraction } from '../../domain/sdr/interaction';
import type { SaleQualification } from './ports';

/**
 * The SDR data a sale mirrors (spec part 4, CONTRACT 3.4): a copy of one interaction, derived from it
 * alone, so a mirror lost to a crash is recomputed from the interaction (CONTRACT 10.2, class d).
 */
export function saleMirrorOf(interaction: SdrInteraction): SaleQualification {
  return {
    interactionId: interaction.id,
    result: interaction.result,
    status: interaction.status,
    contact: interaction.contact,
    sent: interaction.sent,
    sentTo: interaction.sentTo,
    convertedToLead: interaction.convertedToLead,
    ...qualificationOf(interaction),
    convertedAt: interaction.convertedAt,
    at: interaction.updatedAt,
  };
}

/**
 * The interaction a person's sale mirrors: the one written last (`updatedAt`; at the same instant the
 * newest created, then the greatest id). Every SDR write (a creation, a refresh, a status move) writes
 * exactly one interaction of the person, with `updatedAt` = its time, then mirrors that one.
 */
export function mirroredInteractionOf(interactions: readonly SdrInteraction[]): SdrInteraction | undefined {
  let chosen: SdrInteraction | undefined;
  for (const i of interactions) if (chosen === undefined || writtenLater(i, chosen)) chosen = i;
  return chosen;
}

function writtenLater(a: SdrInteraction, b: SdrInteraction): boolean {
  const byUpdate = a.updatedAt.getTime() - b.updatedAt.getTime();
  if (byUpdate !== 0) return byUpdate > 0;
  const byCreation = a.createdAt.getTime() - b.createdAt.getTime();
  if (byCreation !== 0) return byCreation > 0;
  return a.id > b.id;
}

/**
 * The sale that carries the mirror: the person's newest sale (createdAt, then the greatest id) created at or before the
 * interaction's write.
 */
export function mirrorTargetOf<S extends { readonly id: string; readonly createdAt: Date }>(
  sales: readonly S[],
  mirrored: SdrInteraction,
): S | undefined {
  let target: S | undefined;
  for (const sale of sales) {
    if (sale.createdAt.getTime() > mirrored.updatedAt.getTime()) continue;
    if (
      target === undefined ||
      sale.createdAt.getTime() > target.createdAt.getTime() ||
      (sale.createdAt.getTime() === target.createdAt.getTime() && sale.id > target.id)
    )
      target = sale;
  }
  return target;
}

const sameTime = (a: Date | null | undefined, b: Date | null | undefined): boolean =>
  (a ?? null) === null ? (b ?? null) === null : (b ?? null) !== null && (a as Date).getTime() === (b as Date).getTime();

/**
 * Whether a stored mirror (absent fields: a sale never mirrored, or data from before conversion times) equals
 * `expected`.
 */
export function sameMirror(stored: Partial<SaleQualification> | undefined, expected: SaleQualification): boolean {
  if (stored === undefined) return false;
  return (
    stored.interactionId === expected.interactionId &&
    stored.result === expected.result &&
    stored.status === expected.status &&
    stored.contact === expected.contact &&
    stored.sent === expected.sent &&
    (stored.sentTo ?? null) === expected.sentTo &&
    stored.convertedToLead === expected.convertedToLead &&
    stored.qualified === expected.qualified &&
    stored.interested === expected.interested &&
    sameTime(stored.convertedAt, expected.convertedAt) &&
    sameTime(stored.at, expected.at)
  );
}
