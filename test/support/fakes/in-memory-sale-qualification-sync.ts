import type { SaleQualification, SaleQualificationSync } from '../../../src/application/sdr/ports';
import type { InMemorySaleRepository } from './in-memory-sale-repository';

/** Writes onto the sales of the fake sale repository, as the real one writes onto the sales collection. */
export class InMemorySaleQualificationSync implements SaleQualificationSync {
  constructor(private readonly sales: InMemorySaleRepository) {}

  async recordOnLatestSale(personId: string, qualification: SaleQualification): Promise<string | undefined> {
    return this.sales.recordQualificationOnLatest(personId, qualification);
  }
}
