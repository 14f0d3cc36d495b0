import type { ContactDirectory } from '../../../src/application/sdr/ports';
import type { Person } from '../../../src/domain/sales/sale';
import type { PersonSales } from '../../../src/domain/sdr/contact';
import type { InMemoryPersonRepository } from './in-memory-person-repository';
import type { InMemorySaleRepository } from './in-memory-sale-repository';

/**
 * The contacts' people and sales read from the sales fakes themselves (as MongoContactDirectory reads
 * the `people` and `sales` collections the sales use cases write), so the SDR and sales use cases and
 * the read models share one store.
 */
export class InMemorySalesContactDirectory implements ContactDirectory {
  constructor(
    private readonly people: InMemoryPersonRepository,
    private readonly sales: InMemorySaleRepository,
  ) {}

  async findByPhoneKeys(keys: readonly string[]): Promise<Person[]> {
    const found = new Map<string, Person>();
    for (const key of new Set(keys))
      for (const person of await this.people.findByPhoneKey(key)) found.set(person.id, person);
    return [...found.values()];
  }

  async findByIds(ids: readonly string[]): Promise<Person[]> {
    return [...new Set(ids)].flatMap((id) => {
      const person = this.people.stored(id);
      return person === undefined ? [] : [{ ...person }];
    });
  }

  async salesOf(personIds: readonly string[]): Promise<PersonSales[]> {
    const out = new Map<string, PersonSales>();
    for (const sale of this.sales.ofPersons(personIds)) {
      const held = out.get(sale.personId);
      out.set(sale.personId, {
        personId: sale.personId,
        count: (held?.count ?? 0) + 1,
        lastAt: held === undefined || sale.createdAt > held.lastAt ? sale.createdAt : held.lastAt,
      });
    }
    return [...out.values()];
  }
}
