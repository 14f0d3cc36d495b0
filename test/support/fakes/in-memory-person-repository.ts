import type { PolicyPersonDirectory } from '../../../src/application/policies/ports';
import type { PersonRepository } from '../../../src/application/sales/ports';
import type { MinimalInsert, SdrPersonDirectory } from '../../../src/application/sdr/ports';
import type { Person } from '../../../src/domain/sales/sale';
import type { Cpf } from '../../../src/domain/shared/cpf';
import { normalizePhone, phoneMatchKey } from '../../../src/domain/shared/phone';
import { NO_FAULTS, type WriteFaults } from './write-faults';

/** People in insertion order (the natural order the database answers in), one per CPF. */
export class InMemoryPersonRepository implements PersonRepository, SdrPersonDirectory, PolicyPersonDirectory {
  private readonly people = new Map<string, Person>();
  /** Minimal phone key -> the minimal person holding it (released when that person is saved for a sale). */
  private readonly minimalKeys = new Map<string, string>();

  /**
   * `faults` can kill the SDR minimal person's write (insertMinimal) and the sale's person upsert (saveByCpf), each one
   * write as the adapter's.
   */
  constructor(private readonly faults: WriteFaults = NO_FAULTS) {}

  /** What the database would join a sale with. */
  stored(id: string): Person | undefined {
    return this.people.get(id);
  }

  async saveByCpf(person: Person): Promise<Person> {
    this.faults.write('people.findOneAndUpdate');
    const holder = person.cpf === null ? undefined : this.holderOf(person.cpf);
    if (holder === undefined) {
      this.insert(person);
      return { ...person };
    }
    const saved = { ...person, id: holder.id, createdAt: holder.createdAt };
    this.people.set(holder.id, saved);
    for (const [key, id] of this.minimalKeys) if (id === holder.id) this.minimalKeys.delete(key);
    return { ...saved };
  }

  async personIdsByCpf(cpfs: readonly Cpf[]): Promise<ReadonlyMap<Cpf, string>> {
    const ids = new Map<Cpf, string>();
    for (const cpf of cpfs) {
      const holder = this.holderOf(cpf);
      if (holder !== undefined) ids.set(cpf, holder.id);
    }
    return ids;
  }

  async findByPhoneKey(key: string): Promise<Person[]> {
    return this.all().filter((p) => phoneKeysOf(p).includes(key));
  }

  async findByCpf(cpf: Cpf): Promise<Person | undefined> {
    const holder = this.holderOf(cpf);
    return holder === undefined ? undefined : { ...holder };
  }

  async findByCpfOrPhoneKey(cpf: Cpf | undefined, phoneKey: string): Promise<Person[]> {
    return this.all().filter((p) => (cpf !== undefined && p.cpf === cpf) || phoneKeysOf(p).includes(phoneKey));
  }

  async insertMinimal(person: Person): Promise<MinimalInsert> {
    this.faults.write('people.findOneAndUpdate');
    const key = phoneKeysOf(person)[0];
    const keyHolder = key === undefined ? undefined : this.minimalKeys.get(key);
    if (keyHolder !== undefined)
      return { outcome: 'phone-taken', holder: { ...(this.people.get(keyHolder) as Person) } };
    if (person.cpf !== null && this.holderOf(person.cpf) !== undefined) return { outcome: 'cpf-taken' };
    this.insert(person);
    if (key !== undefined) this.minimalKeys.set(key, person.id);
    return { outcome: 'inserted' };
  }

  private insert(person: Person): void {
    if (this.people.has(person.id)) throw new Error(`duplicate person id ${person.id}`);
    if (person.cpf !== null && this.holderOf(person.cpf) !== undefined) throw new Error(`duplicate CPF ${person.cpf}`);
    this.people.set(person.id, { ...person });
  }

  private holderOf(cpf: string): Person | undefined {
    return [...this.people.values()].find((p) => p.cpf === cpf);
  }

  private all(): Person[] {
    return [...this.people.values()].map((p) => ({ ...p }));
  }
}

function phoneKeysOf(person: Person): string[] {
  return [person.residentialPhone, person.commercialPhone, person.mobile, person.optionalPhone].flatMap((raw) => {
    const phone = raw === null ? undefined : normalizePhone(raw);
    return phone === undefined ? [] : [phoneMatchKey(phone)];
  });
}
