import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { SavedFilterRepository } from '../../../src/application/saved-filters/ports';
import type { SavedFilter } from '../../../src/domain/saved-filters/saved-filter';

const T0 = new Date('2026-11-21T10:00:00.000Z');
const T1 = new Date('2026-11-21T11:00:00.000Z');

export const savedFilter = (overrides: Partial<SavedFilter> = {}): SavedFilter => ({
  id: randomUUID(),
  userId: 'user-a',
  name: 'Ativas',
  resource: 'policies',
  query: { status: 'active', limit: 50, mine: true },
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

export function savedFilterRepositoryContract(make: () => Promise<SavedFilterRepository>): void {
  let repo: SavedFilterRepository;
  beforeEach(async () => {
    repo = await make();
  });

  it('stores a filter and finds it for its owner only', async () => {
    const f = savedFilter({ query: { $gt: 'x', 'a.b': 1, ok: false } });
    expect(await repo.insert(f)).to.equal('created');
    expect(await repo.findOwned('user-a', f.id)).to.deep.equal(f);
    expect(await repo.findOwned('user-b', f.id)).to.equal(undefined);
    expect(await repo.findOwned('user-a', randomUUID())).to.equal(undefined);
  });

  it('refuses the same name twice for one user and resource; another resource or user may use it', async () => {
    expect(await repo.insert(savedFilter({ name: 'N' }))).to.equal('created');
    expect(await repo.insert(savedFilter({ name: 'N' }))).to.equal('duplicate');
    expect(await repo.insert(savedFilter({ name: 'N', resource: 'sales' }))).to.equal('created');
    expect(await repo.insert(savedFilter({ name: 'N', userId: 'user-b' }))).to.equal('created');
    expect(await repo.insert(savedFilter({ name: 'n' }))).to.equal('created');
  });

  it("lists the owner's filters by resource then name, of one resource when given", async () => {
    for (const [name, resource] of [
      ['b', 'sales'],
      ['a', 'sales'],
      ['z', 'policies'],
      ['B', 'sales'],
    ] as const) {
      await repo.insert(savedFilter({ name, resource }));
    }
    await repo.insert(savedFilter({ name: 'other', userId: 'user-b' }));
    const names = async (resource: 'sales' | 'policies' | 'sdr-sessions' | undefined, page = 1, limit = 100) => {
      const listed = await repo.listOwned('user-a', resource, page, limit);
      return { names: listed.items.map((f) => `${f.resource}/${f.name}`), total: listed.total };
    };
    expect(await names(undefined)).to.deep.equal({ names: ['policies/z', 'sales/B', 'sales/a', 'sales/b'], total: 4 });
    expect(await names('sales')).to.deep.equal({ names: ['sales/B', 'sales/a', 'sales/b'], total: 3 });
    expect(await names('sdr-sessions')).to.deep.equal({ names: [], total: 0 });
  });

  it("pages the owner's filters in that order; total counts them all", async () => {
    for (const name of ['e', 'a', 'd', 'c', 'b']) await repo.insert(savedFilter({ name, resource: 'sales' }));
    await repo.insert(savedFilter({ name: 'p', resource: 'policies' }));
    await repo.insert(savedFilter({ name: 'x', resource: 'sales', userId: 'user-b' }));
    const page = async (n: number, limit: number) => {
      const listed = await repo.listOwned('user-a', 'sales', n, limit);
      return { names: listed.items.map((f) => f.name), total: listed.total };
    };
    expect(await page(1, 2)).to.deep.equal({ names: ['a', 'b'], total: 5 });
    expect(await page(2, 2)).to.deep.equal({ names: ['c', 'd'], total: 5 });
    expect(await page(3, 2)).to.deep.equal({ names: ['e'], total: 5 });
    expect(await page(4, 2)).to.deep.equal({ names: [], total: 5 });
    expect((await repo.listOwned('user-a', undefined, 1, 1)).items.map((f) => f.name)).to.deep.equal(['p']);
  });

  it('renames for the owner only; a taken name is a duplicate and changes nothing', async () => {
    const f = savedFilter({ name: 'old' });
    await repo.insert(f);
    await repo.insert(savedFilter({ name: 'taken' }));
    expect(await repo.rename('user-b', f.id, 'new', T1)).to.equal('not-found');
    expect(await repo.rename('user-a', randomUUID(), 'new', T1)).to.equal('not-found');
    expect(await repo.rename('user-a', f.id, 'taken', T1)).to.equal('duplicate');
    expect(await repo.findOwned('user-a', f.id)).to.deep.equal(f);
    expect(await repo.rename('user-a', f.id, 'new', T1)).to.equal('renamed');
    expect(await repo.findOwned('user-a', f.id)).to.deep.equal({ ...f, name: 'new', updatedAt: T1 });
    expect(await repo.rename('user-a', f.id, 'new', T1)).to.equal('renamed');
  });

  it('deletes for the owner only', async () => {
    const f = savedFilter();
    await repo.insert(f);
    expect(await repo.delete('user-b', f.id)).to.equal(false);
    expect(await repo.findOwned('user-a', f.id)).to.deep.equal(f);
    expect(await repo.delete('user-a', f.id)).to.equal(true);
    expect(await repo.findOwned('user-a', f.id)).to.equal(undefined);
    expect(await repo.delete('user-a', f.id)).to.equal(false);
  });
}
