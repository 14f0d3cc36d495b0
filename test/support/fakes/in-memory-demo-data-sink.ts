import type { DemoDataSink } from '../../../src/application/sdr/ports';
import type { Person, Sale } from '../../../src/domain/sales/sale';
import type { SdrInteraction } from '../../../src/domain/sdr/interaction';
import type { InMemoryContactDirectory } from './in-memory-contact-directory';
import type { InMemorySdrInteractionRepository } from './in-memory-sdr-interaction-repository';

/** Writes demo data into the in-memory directory and interaction repository the lists read. */
export class InMemoryDemoDataSink implements DemoDataSink {
  constructor(
    private readonly directory: InMemoryContactDirectory,
    private readonly interactions: InMemorySdrInteractionRepository,
  ) {}

  async insertPeople(people: readonly Person[]): Promise<void> {
    for (const p of people) {
      if (p.cpf !== null && [...this.directory.persons.values()].some((q) => q.cpf === p.cpf))
        throw new Error(`duplicate CPF ${p.cpf}`);
      this.directory.addPerson(p);
    }
  }

  async insertSales(sales: readonly Sale[]): Promise<void> {
    for (const s of sales) this.directory.addSale(s.personId, s.createdAt);
  }

  async insertInteractions(interactions: readonly SdrInteraction[]): Promise<void> {
    for (const i of interactions) await this.interactions.insert(i);
  }
}
