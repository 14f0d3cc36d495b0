import { expect } from 'chai';
import type { PersonRepository } from '../../../src/application/sales/ports';
import { person, validCpf } from '../sales-fixtures';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const T1 = new Date('2026-11-21T11:00:00.000Z');

/** PersonRepository: one person per CPF, whatever order and concurrency the saves come in. */
export function personRepositoryContract(make: () => Promise<PersonRepository>): void {
  let repo: PersonRepository;
  beforeEach(async () => {
    repo = await make();
  });

  it('stores a new person as given', async () => {
    const p = person({ createdAt: T0 });
    expect(await repo.saveByCpf(p)).to.deep.equal(p);
  });

  it(
    'a second save of the same CPF updates that person: its id and createdAt stay, the other fields are ' + 'replaced',
    async () => {
      const first = person({ cpf: validCpf(11), createdAt: T0 });
      await repo.saveByCpf(first);
      const second = person({ cpf: validCpf(11), fullName: 'Maria Souza', mobile: null, createdAt: T1 });
      expect(await repo.saveByCpf(second)).to.deep.equal({ ...second, id: first.id, createdAt: T0 });
    },
  );

  it('concurrent saves of one new CPF end with one person', async () => {
    const saves = await Promise.all(Array.from({ length: 8 }, () => repo.saveByCpf(person({ cpf: validCpf(12) }))));
    expect(new Set(saves.map((p) => p.id)).size).to.equal(1);
  });

  it('stores persons without CPF side by side', async () => {
    const a = person({ cpf: null });
    const b = person({ cpf: null });
    expect(await repo.saveByCpf(a)).to.deep.equal(a);
    expect(await repo.saveByCpf(b)).to.deep.equal(b);
  });
}
