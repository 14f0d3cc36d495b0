import { expect } from 'chai';
import type { PersonRepository } from '../../../src/application/sales/ports';
import type { SdrPersonDirectory } from '../../../src/application/sdr/ports';
import type { Cpf } from '../../../src/domain/shared/cpf';
import { person, validCpf } from '../sales-fixtures';

const ids = (people: readonly { id: string }[]) => people.map((p) => p.id).sort();

/** SdrPersonDirectory: the lookups by the identifiers external systems know (CONTRACT 3.4). */
export function sdrPersonDirectoryContract(
  make: () => Promise<{ directory: SdrPersonDirectory; people: PersonRepository }>,
): void {
  let directory: SdrPersonDirectory;
  let people: PersonRepository;
  beforeEach(async () => {
    ({ directory, people } = await make());
  });

  it('finds people by the match key of any of their phones, with or without the ninth digit', async () => {
    const ana = person({
      mobile: '5511987654321',
      residentialPhone: '552133332222',
      commercialPhone: null,
      optionalPhone: null,
    });
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
    expect(ids(await directory.findByCpfOrPhoneKey(validCpf(23) as Cpf, '3198761234'))).to.deep.equal(
      ids([holder, byPhone]),
    );
    expect(ids(await directory.findByCpfOrPhoneKey(undefined, '3198761234'))).to.deep.equal([byPhone.id]);
    expect(await directory.findByCpfOrPhoneKey(validCpf(26) as Cpf, '3100000000')).to.deep.equal([]);
  });

  it(
    'inserts minimal persons (many without CPF or phone) and refuses, without storing it, one whose CPF another ' +
      'person holds',
    async () => {
      const minimal = (cpf: string | null, mobile: string | null) =>
        person({ cpf, fullName: '', mobile, residentialPhone: null });
      const first = minimal(null, '5541991112222');
      const second = minimal(null, '5541991113333');
      const [webA, webB] = [minimal(null, null), minimal(null, null)];
      for (const p of [first, second, webA, webB])
        expect(await directory.insertMinimal(p)).to.deep.equal({ outcome: 'inserted' });
      await people.saveByCpf(person({ cpf: validCpf(27), mobile: null, residentialPhone: null }));
      expect(await directory.insertMinimal(minimal(validCpf(27), '5541991114444'))).to.deep.equal({
        outcome: 'cpf-taken',
      });
      expect(await directory.insertMinimal(minimal(validCpf(27), null))).to.deep.equal({ outcome: 'cpf-taken' });
      expect(ids(await directory.findByPhoneKey('4191112222'))).to.deep.equal([first.id]);
      expect(await directory.findByPhoneKey('4191114444')).to.deep.equal([]);
    },
  );

  it(
    'one minimal person per phone match key: a second (with or without a CPF) is not stored and the holder is ' +
      'answered (CONTRACT 3.4)',
    async () => {
      const minimal = (cpf: string | null) =>
        person({ cpf, fullName: '', mobile: '5541991115555', residentialPhone: null });
      const first = minimal(null);
      expect(await directory.insertMinimal(first)).to.deep.equal({ outcome: 'inserted' });
      expect(await directory.insertMinimal(minimal(null))).to.deep.equal({ outcome: 'phone-taken', holder: first });
      expect(await directory.insertMinimal(minimal(validCpf(28)))).to.deep.equal({
        outcome: 'phone-taken',
        holder: first,
      });
      expect(ids(await directory.findByPhoneKey('4191115555'))).to.deep.equal([first.id]);
      expect(await directory.findByCpf(validCpf(28) as Cpf)).to.equal(undefined);
    },
  );

  it('concurrent minimal persons of one phone: one stored, every call answers it', async () => {
    const racers = Array.from({ length: 8 }, () =>
      person({ cpf: null, fullName: '', mobile: '5541991116666', residentialPhone: null }),
    );
    const outcomes = await Promise.all(racers.map((p) => directory.insertMinimal(p)));
    const stored = await directory.findByPhoneKey('4191116666');
    expect(stored).to.have.length(1);
    const winner = stored[0]?.id;
    expect(outcomes.filter((o) => o.outcome === 'inserted')).to.have.length(1);
    expect(racers.filter((p, i) => outcomes[i]?.outcome === 'inserted').map((p) => p.id)).to.deep.equal([winner]);
    expect(
      outcomes.every((o) => o.outcome === 'inserted' || (o.outcome === 'phone-taken' && o.holder.id === winner)),
    ).to.equal(true);
  });

  it(
    'a minimal person saved for a sale releases its phone: a later minimal person of that phone is ' + 'stored',
    async () => {
      const first = person({ cpf: validCpf(29), fullName: '', mobile: '5541991117777', residentialPhone: null });
      expect(await directory.insertMinimal(first)).to.deep.equal({ outcome: 'inserted' });
      await people.saveByCpf({ ...first, fullName: 'Ana', mobile: '5541991118888' });
      const later = person({ cpf: null, fullName: '', mobile: '5541991117777', residentialPhone: null });
      expect(await directory.insertMinimal(later)).to.deep.equal({ outcome: 'inserted' });
      expect(ids(await directory.findByPhoneKey('4191117777'))).to.deep.equal([later.id]);
    },
  );
}
