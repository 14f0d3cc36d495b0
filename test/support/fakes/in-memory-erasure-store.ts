import type { ErasureStore, NewErasure } from '../../../src/application/privacy/ports';
import type { Erasure } from '../../../src/domain/privacy/erasure';

/** The erasure requests in memory, with the promises of MongoErasureStore (erasure-store-contract.ts). */
export class InMemoryErasureStore implements ErasureStore {
  private readonly erasures = new Map<string, Erasure>();
  private readonly countsSet = new Set<string>();

  async create(erasure: NewErasure): Promise<{ readonly created: boolean; readonly erasure: Erasure }> {
    await Promise.resolve();
    const keys = new Set(erasure.subjectKeys);
    const pending = [...this.erasures.values()].find((e) => e.subjectKeys.some((key) => keys.has(key)));
    if (pending !== undefined) return { created: false, erasure: pending };
    const stored: Erasure = { ...erasure, status: 'pending', doneAt: null, counts: {} };
    this.erasures.set(erasure.id, stored);
    return { created: true, erasure: stored };
  }

  async findById(id: string): Promise<Erasure | undefined> {
    await Promise.resolve();
    return this.erasures.get(id);
  }

  async page(skip: number, limit: number): Promise<{ readonly items: Erasure[]; readonly total: number }> {
    await Promise.resolve();
    const all = [...this.erasures.values()].sort(
      (a, b) => b.requestedAt.getTime() - a.requestedAt.getTime() || (a.id < b.id ? -1 : 1),
    );
    return { items: all.slice(skip, skip + limit), total: all.length };
  }

  async pending(limit: number): Promise<Erasure[]> {
    await Promise.resolve();
    return [...this.erasures.values()]
      .filter((e) => e.status === 'pending')
      .sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime())
      .slice(0, limit);
  }

  async setCounts(id: string, counts: Readonly<Record<string, number>>): Promise<void> {
    await Promise.resolve();
    const erasure = this.erasures.get(id);
    if (erasure === undefined || erasure.status !== 'pending' || this.countsSet.has(id)) return;
    this.countsSet.add(id);
    this.erasures.set(id, { ...erasure, counts: { ...counts } });
  }

  async finish(id: string, doneAt: Date): Promise<void> {
    await Promise.resolve();
    const erasure = this.erasures.get(id);
    if (erasure === undefined || erasure.status !== 'pending') return;
    this.erasures.set(id, { ...erasure, status: 'done', doneAt, subject: null, salt: null, subjectKeys: [] });
  }
}
