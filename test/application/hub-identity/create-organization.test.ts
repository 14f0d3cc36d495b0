import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { CreateOrganization } from '../../../src/application/hub-identity/create-organization';
import { SequentialSecretGenerator } from '../../support/fakes/sequential-secret-generator';
import { hubIdentityFakes, type HubIdentityFakes } from '../../support/hub-identity-fakes';

describe('CreateOrganization', () => {
  let f: HubIdentityFakes;
  let create: CreateOrganization;
  beforeEach(() => {
    f = hubIdentityFakes();
    create = new CreateOrganization(f.organizations, f.ids, f.secrets, f.clock);
  });
  // The suffixes the fake secret generator will hand out, in order (it has handed out none yet).
  const upcomingSuffixes = (count: number): string[] => {
    const twin = new SequentialSecretGenerator();
    return Array.from({ length: count }, () => twin.hex(3));
  };

  it('derives the slug from the name and keeps the webhook secret', async () => {
    const result = await create.execute({ name: 'Açaí & Motos Ltda.', webhookSecret: 'whsec-1' });
    if (E.isLeft(result)) throw new Error(result.left._tag);
    expect(result.right).to.deep.equal({
      id: f.ids.nth(1),
      name: 'Açaí & Motos Ltda.',
      slug: 'acai-motos-ltda',
      createdAt: f.clock.now(),
      webhookSecret: 'whsec-1',
    });
    expect(await f.organizations.findById(result.right.id)).to.deep.equal(result.right);
  });

  it('adds a random suffix when the derived slug is taken', async () => {
    await create.execute({ name: 'Acme' });
    const [suffix] = upcomingSuffixes(1);
    const second = await create.execute({ name: 'Acme' });
    expect(E.isRight(second) && second.right.slug).to.equal(`acme-${suffix}`);
  });

  it('SlugTaken when the derived slug and every suffixed one are taken', async () => {
    const taken = ['acme', ...upcomingSuffixes(4).map((s) => `acme-${s}`)];
    for (const slug of taken)
      await f.organizations.create({ id: `seed-${slug}`, name: 'Seed', slug, createdAt: f.clock.now() });
    expect(await create.execute({ name: 'Acme' })).to.deep.equal(E.left({ _tag: 'SlugTaken', slug: 'acme' }));
  });

  it('uses a given slug as is, and answers SlugTaken at once when it is taken', async () => {
    const first = await create.execute({ name: 'Acme', slug: 'acme-motors' });
    expect(E.isRight(first) && first.right.slug).to.equal('acme-motors');
    expect(await create.execute({ name: 'Other', slug: 'acme-motors' })).to.deep.equal(
      E.left({ _tag: 'SlugTaken', slug: 'acme-motors' }),
    );
    expect(f.secrets.issued).to.deep.equal([]);
  });
});
