import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { CreateSavedFilter } from '../../../src/application/saved-filters/create-saved-filter';
import { DeleteSavedFilter } from '../../../src/application/saved-filters/delete-saved-filter';
import { GetSavedFilter } from '../../../src/application/saved-filters/get-saved-filter';
import { ListSavedFilters } from '../../../src/application/saved-filters/list-saved-filters';
import { RenameSavedFilter } from '../../../src/application/saved-filters/rename-saved-filter';
import type { SavedFilter } from '../../../src/domain/saved-filters/saved-filter';
import { ManualClock } from '../../support/fakes/fixed-clock';
import { InMemorySavedFilterRepository } from '../../support/fakes/in-memory-saved-filter-repository';
import { SequentialIdGenerator } from '../../support/fakes/sequential-id-generator';

describe('saved filter use cases', () => {
  let filters: InMemorySavedFilterRepository;
  let clock: ManualClock;
  let ids: SequentialIdGenerator;
  beforeEach(() => {
    filters = new InMemorySavedFilterRepository();
    clock = new ManualClock();
    ids = new SequentialIdGenerator();
  });
  const create = async (
    userId: string,
    name: string,
    resource: SavedFilter['resource'] = 'sales',
  ): Promise<SavedFilter> => {
    const result = await new CreateSavedFilter(filters, clock, ids).execute({
      userId,
      name,
      resource,
      query: { processed: false },
    });
    if (E.isLeft(result)) throw new Error(result.left._tag);
    return result.right;
  };

  it(
    'CreateSavedFilter stores the filter with a new id and the clock time; the same name again is ' +
      'SavedFilterNameTaken',
    async () => {
      const filter = await create('u1', 'Pendentes');
      expect(filter).to.deep.equal({
        id: ids.nth(1),
        userId: 'u1',
        name: 'Pendentes',
        resource: 'sales',
        query: { processed: false },
        createdAt: clock.now(),
        updatedAt: clock.now(),
      });
      const again = await new CreateSavedFilter(filters, clock, ids).execute({
        userId: 'u1',
        name: 'Pendentes',
        resource: 'sales',
        query: {},
      });
      expect(again).to.deep.equal(E.left({ _tag: 'SavedFilterNameTaken', name: 'Pendentes', resource: 'sales' }));
      expect(
        E.isRight(
          await new CreateSavedFilter(filters, clock, ids).execute({
            userId: 'u2',
            name: 'Pendentes',
            resource: 'sales',
            query: {},
          }),
        ),
      ).to.equal(true);
    },
  );

  it("ListSavedFilters answers only the caller's filters, of one resource when asked", async () => {
    await create('u1', 'b');
    await create('u1', 'a', 'policies');
    await create('u2', 'c');
    const all = await new ListSavedFilters(filters).execute({ userId: 'u1', page: 1, limit: 20 });
    expect(E.isRight(all) && all.right.items.map((f) => f.name)).to.deep.equal(['a', 'b']);
    const sales = await new ListSavedFilters(filters).execute({ userId: 'u1', resource: 'sales', page: 1, limit: 20 });
    expect(E.isRight(sales) && sales.right.items.map((f) => f.name)).to.deep.equal(['b']);
    const second = await new ListSavedFilters(filters).execute({ userId: 'u1', page: 2, limit: 1 });
    expect(
      E.isRight(second) && { names: second.right.items.map((f) => f.name), total: second.right.total },
    ).to.deep.equal({ names: ['b'], total: 2 });
  });

  it("GetSavedFilter answers the owner's filter; another user's is SavedFilterNotFound", async () => {
    const filter = await create('u1', 'x');
    expect(await new GetSavedFilter(filters).execute({ userId: 'u1', id: filter.id })).to.deep.equal(E.right(filter));
    expect(await new GetSavedFilter(filters).execute({ userId: 'u2', id: filter.id })).to.deep.equal(
      E.left({ _tag: 'SavedFilterNotFound' }),
    );
  });

  it(
    'RenameSavedFilter renames for the owner and stamps the time; another user: not found; a taken name: ' +
      'SavedFilterNameTaken',
    async () => {
      const filter = await create('u1', 'old');
      await create('u1', 'taken');
      const rename = new RenameSavedFilter(filters, clock);
      clock.advance(60_000);
      expect(await rename.execute({ userId: 'u2', id: filter.id, name: 'new' })).to.deep.equal(
        E.left({ _tag: 'SavedFilterNotFound' }),
      );
      expect(await rename.execute({ userId: 'u1', id: filter.id, name: 'taken' })).to.deep.equal(
        E.left({ _tag: 'SavedFilterNameTaken', name: 'taken', resource: 'sales' }),
      );
      expect(await rename.execute({ userId: 'u1', id: filter.id, name: 'new' })).to.deep.equal(E.right(undefined));
      expect(await filters.findOwned('u1', filter.id)).to.deep.equal({
        ...filter,
        name: 'new',
        updatedAt: clock.now(),
      });
    },
  );

  it('DeleteSavedFilter deletes for the owner only', async () => {
    const filter = await create('u1', 'x');
    const remove = new DeleteSavedFilter(filters);
    expect(await remove.execute({ userId: 'u2', id: filter.id })).to.deep.equal(
      E.left({ _tag: 'SavedFilterNotFound' }),
    );
    expect(await remove.execute({ userId: 'u1', id: filter.id })).to.deep.equal(E.right(undefined));
    expect(await remove.execute({ userId: 'u1', id: filter.id })).to.deep.equal(
      E.left({ _tag: 'SavedFilterNotFound' }),
    );
  });
});
