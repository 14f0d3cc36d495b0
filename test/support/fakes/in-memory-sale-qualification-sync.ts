import type { SaleQualification, SaleQualificationSync } from '../../../src/application/sdr/ports';
import type { SdrStatus } from '../../../src/domain/sdr/interaction';
import type { InMemorySaleRepository } from './in-memory-sale-repository';

/** Writes onto the sales of the fake sale repository, as the real one writes onto the sales collection. */
export class InMemorySaleQualificationSync implements SaleQualificationSync {
  constructor(private readonly sales: InMemorySaleRepository) {}

  async recordOnLatestSale(personId: string, qualification: SaleQualification): Promise<string | undefined> {
    return this.sales.recordQualificationOnLatest(personId, qualification);
  }

  async recordStatusOnLatestSale(personId: string, change: { status: SdrStatus; at: Date; convertedAt: Date | null }): Promise<string | undefined> {
    return this.sales.recordSdrStatusOnLatest(personId, change);
  }
}
