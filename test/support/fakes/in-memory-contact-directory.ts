import type { ContactDirectory } from '../../../src/application/sdr/ports';
import type { Person } from '../../../src/domain/sales/sale';
import { phoneKeysOfPerson, type PersonSales } from '../../../src/domain/sdr/contact';

/** Persons and sales (only what the contacts need of a sale: its person and creation time). */
export class InMemoryContactDirectory implements ContactDirectory {
  readonly persons = new Map<string, Person>();
  readonly sales: { personId: string; createdAt: Date }[] = [];

  addPerson(person: Person): void {
    this.persons.set(person.id, { ...person });
  }

  addSale(personId: string, createdAt: Date): void {
    this.sales.push({ personId, createdAt });
  }

  async findByPhoneKeys(keys: readonly string[]): Promise<Person[]> {
    return [...this.persons.values()]
      .filter((p) => phoneKeysOfPerson(p).some((k) => keys.includes(k)))
      .map((p) => ({ ...p }));
  }

  async findByIds(ids: readonly string[]): Promise<Person[]> {
    return ids.flatMap((id) => {
      const p = this.persons.get(id);
      return p === undefined ? [] : [{ ...p }];
    });
  }

  async salesOf(personIds: readonly string[]): Promise<PersonSales[]> {
    const out = new Map<string, PersonSales>();
    for (const sale of this.sales) {
      if (!personIds.includes(sale.personId)) continue;
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
