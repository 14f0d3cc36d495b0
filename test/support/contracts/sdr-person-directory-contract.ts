import { expect } from 'chai';
import type { PersonRepository } from '../../../src/application/sales/ports';
import type { SdrPersonDirectory } from '../../../src/application/sdr/ports';
import type { Cpf } from '../../../src/domain/shared/cpf';
import { person, validCpf } from '../sales-fixtures';

const ids = (people: readonly { id: string }[]) => people.map((p) => p.id).sort();

/** SdrPersonDirectory: the lookups by the identifiers external systems know (CONTRACT 3.4). */
export function sdrPersonDirectoryContract(make: () => Promise<{ directory: SdrPersonDirectory; people: PersonRepository }>): void {
  let directory: SdrPersonDirectory;
  let people: PersonRepository;
  beforeEach(async () => {
    ({ directory, people } = await make());
  });

  it('finds people by the match key of any of their phones, with or without the ninth digit', async () => {
    const ana = person({ mobile: '5511987654321', residentialPhone: '552133332222', commercialPhone: null, optionalPhone: null });
    const bia = person({ mobile: null, residentialPhone: null, commercialPhone: '5511987654321', optionalPhone: null });
    await people.saveByCpf(ana);
    await people.saveByCpf(bia);
    expect(ids(await directory.findByPhoneKey('1187654321'))).to.deep.equal(ids([ana, bia]));
    expect(ids(await directory.findByPhoneKey('2133332222'))).to.deep.equal([ana.id]);
    expect(await directory.findByPhoneKey('1100000000')).to.deep.equal([]);
  });

  it('finds the one person holding a CPF', async () => {
    const ana = person({ cpf: validCpf(21) });
    await people.saveByCpf(ana);
    expect(await directory.findByCpf(validCpf(21) as Cpf)).to.deep.equal(ana);
    expect(await directory.findByCpf(validCpf(22) as Cpf)).to.equal(undefined);
  });

  it('finds the CPF holder and the phone matches in one lookup', async () => {
    const holder = person({ cpf: validCpf(23), mobile: null, residentialPhone: null });
    const byPhone = person({ cpf: validCpf(24), mobile: '5531998761234', residentialPhone: null });
    const other = person({ cpf: validCpf(25), mobile: '5531998760000', residentialPhone: null });
    for (const p of [holder, byPhone, other]) await people.saveByCpf(p);
    expect(ids(await directory.findByCpfOrPhoneKey(validCpf(23) as Cpf, '3198761234'))).to.deep.equal(ids([holder, byPhone]));
    expect(ids(await directory.findByCpfOrPhoneKey(undefined, '3198761234'))).to.deep.equal([byPhone.id]);
    expect(await directory.findByCpfOrPhoneKey(validCpf(26) as Cpf, '3100000000')).to.deep.equal([]);
  });

  it('inserts minimal persons (many without CPF) and refuses, without storing it, one whose CPF another person holds', async () => {
    const minimal = (cpf: string | null) => person({ cpf, fullName: '', mobile: '5541991112222', residentialPhone: null });
    const first = minimal(null);
    const second = minimal(null);
    expect(await directory.insertMinimal(first)).to.equal('inserted');
    expect(await directory.insertMinimal(second)).to.equal('inserted');
    await people.saveByCpf(person({ cpf: validCpf(27), mobile: null, residentialPhone: null }));
    expect(await directory.insertMinimal(minimal(validCpf(27)))).to.equal('cpf-taken');
    expect(ids(await directory.findByPhoneKey('4191112222'))).to.deep.equal(ids([first, second]));
  });
}
