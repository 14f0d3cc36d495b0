import { expect } from 'chai';
import type { PolicyPersonDirectory } from '../../../src/application/policies/ports';
import type { PersonRepository } from '../../../src/application/sales/ports';
import type { Cpf } from '../../../src/domain/shared/cpf';
import { person } from '../sales-fixtures';

/** `people` saves persons into what `directory` reads. */
export function policyPersonDirectoryContract(
  make: () => Promise<{ directory: PolicyPersonDirectory; people: PersonRepository }>,
): void {
  it('answers the id of the person holding each CPF, leaving out CPFs without a person', async () => {
    const { directory, people } = await make();
    const ana = await people.saveByCpf(person({ cpf: '52998224725' }));
    const bruno = await people.saveByCpf(person({ cpf: '11144477735' }));
    await people.saveByCpf(person({ cpf: null }));
    const ids = await directory.personIdsByCpf(['52998224725', '11144477735', '39053344705'] as Cpf[]);
    expect([...ids.entries()].sort()).to.deep.equal([
      ['11144477735', bruno.id],
      ['52998224725', ana.id],
    ]);
    expect((await directory.personIdsByCpf([])).size).to.equal(0);
  });
}
