import type { SdrInteraction } from '../../../domain/sdr/interaction';
import type { ReferenceStore } from '../../shared/data-checks/reference-check';
import { token, type Token } from '../../shared/token';
import type { SaleQualification } from '../ports';

/**
 * What the SDR area's data checks read besides its read models, and the conditional writes of their
 * repairs: each store reads its collection in `_id` order (a full read by design, streamed in cursor
 * batches of `batchSize`), and each write is conditional on the state the check read, so a repair
 * never overwrites a concurrent write of the service.
 */

/** An SDR note names its interaction (spec sales part 4). */
export const SdrNoteInteractions: Token<ReferenceStore> = token('SdrNoteInteractions');

/** An SDR interaction as `sdr-conversion-times` judges it (CONTRACT 8.3, 10.2). */
export interface ConversionRecord {
  readonly id: string;
  /** Converted to a lead or in status `converted` (isConvertedInteraction). */
  readonly converted: boolean;
  /** The stored conversion time; null when none is stored (null or absent). */
  readonly convertedAt: Date | null;
  readonly updatedAt: Date;
  /** Its contact (contactKeyOfInteraction), whose read model the repair refreshes. */
  readonly contactKey: string;
}

export interface ConversionTimeStore {
  /** Every interaction, batch by batch. */
  interactions(batchSize: number): AsyncIterable<readonly ConversionRecord[]>;
  /**
   * Stores `at` as the conversion time while none is stored and updatedAt is still `seen.updatedAt`;
   * false otherwise.
   */
  storeConversionTime(seen: ConversionRecord, at: Date): Promise<boolean>;
}
export const ConversionTimeStore: Token<ConversionTimeStore> = token('ConversionTimeStore');

/** A sale with the SDR data it stores (`sdr`: absent when it was never mirrored). */
export interface SaleMirrorRecord {
  readonly id: string;
  readonly personId: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly sdr: Partial<SaleQualification> | undefined;
}

export interface SaleMirrorStore {
  /** Every sale, batch by batch. */
  sales(batchSize: number): AsyncIterable<readonly SaleMirrorRecord[]>;
  /** Every sale of these persons (id, person and creation time matter). */
  salesOfPersons(personIds: readonly string[]): Promise<readonly SaleMirrorRecord[]>;
  /** Every SDR interaction of these persons. */
  interactionsOfPersons(personIds: readonly string[]): Promise<readonly SdrInteraction[]>;
  /**
   * Writes `mirror` onto the sale while its updatedAt is still `seen.updatedAt` (its updatedAt becomes
   * the later of that and mirror.at); false otherwise.
   */
  setMirror(seen: SaleMirrorRecord, mirror: SaleQualification): Promise<boolean>;
}
export const SaleMirrorStore: Token<SaleMirrorStore> = token('SaleMirrorStore');
