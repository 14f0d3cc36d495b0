import type { SaleQualificationSync } from '../../../src/application/sdr/ports';
import { saleMirrorOf } from '../../../src/application/sdr/sale-mirror';
import type { SdrInteraction } from '../../../src/domain/sdr/interaction';
import type { InMemorySaleRepository } from './in-memory-sale-repository';
import { NO_FAULTS, type WriteFaults } from './write-faults';

/**
 * Writes onto the sales of the fake sale repository, as the real one writes onto the sales collection: one write, which
 * `faults` can kill.
 */
export class InMemorySaleQualificationSync implements SaleQualificationSync {
  constructor(
    private readonly sales: InMemorySaleRepository,
    private readonly faults: WriteFaults = NO_FAULTS,
  ) {}

  async mirrorOnLatestSale(interaction: SdrInteraction): Promise<string | undefined> {
    this.faults.write('sales.findOneAndUpdate');
    return this.sales.recordMirrorOnLatest(interaction.personId, saleMirrorOf(interaction));
  }
}
