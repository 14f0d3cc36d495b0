import { EventEmitter } from 'node:events';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import { createContextKey, ROOT_CONTEXT, type Context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { expect } from 'chai';
import { contextManagerFor, PromiseContextManager } from '../../../src/adapters/tracing/promise-context-manager';

const KEY = createContextKey('test.name');
const named = (name: string): Context => ROOT_CONTEXT.setValue(KEY, name);
const nameIn = (manager: PromiseContextManager): unknown => manager.active().getValue(KEY);

describe('the promise-hook context manager (CONTRACT 13: the context of a traced request)', () => {
  let manager: PromiseContextManager;

  beforeEach(() => {
    manager = new PromiseContextManager().enable();
  });

  afterEach(() => {
    manager.disable();
  });

  it('sets the context for the call only, and restores the one before even when the call throws', () => {
    expect(manager.active()).to.equal(ROOT_CONTEXT);
    const seen = manager.with(named('a'), () => [nameIn(manager), manager.with(named('b'), () => nameIn(manager))]);
    expect(seen).to.deep.equal(['a', 'b']);
    expect(() =>
      manager.with(named('c'), () => {
        throw new Error('boom');
      }),
    ).to.throw('boom');
    expect(manager.active()).to.equal(ROOT_CONTEXT);
  });

  it('carries the context across every await, whoever resolves the awaited promise', async () => {
    const seen: unknown[] = [];
    await manager.with(named('request'), async () => {
      seen.push(nameIn(manager));
      await Promise.resolve();
      seen.push(nameIn(manager));
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push(nameIn(manager));
      await nextMacrotask();
      seen.push(nameIn(manager));
      await Promise.all([1, 2].map(async (n) => (await Promise.resolve(n)) && seen.push(nameIn(manager))));
      await Promise.reject(new Error('handled')).catch(() => seen.push(nameIn(manager)));
    });
    expect(seen).to.deep.equal(Array(7).fill('request'));
  });

  it('keeps concurrent chains apart and leaks nothing outside them', async () => {
    const chain = async (name: string, pauses: number[]): Promise<unknown[]> => {
      const seen: unknown[] = [];
      for (const ms of pauses) {
        await new Promise((resolve) => setTimeout(resolve, ms));
        seen.push(nameIn(manager));
      }
      return seen;
    };
    const a = manager.with(named('a'), () => chain('a', [6, 1, 4, 0]));
    const b = manager.with(named('b'), () => chain('b', [0, 5, 1, 3]));
    expect(manager.active()).to.equal(ROOT_CONTEXT);
    const outside: unknown[] = [];
    const ticker = (async () => {
      for (let i = 0; i < 6; i += 1) {
        await nextMacrotask();
        outside.push(nameIn(manager));
      }
    })();
    const [seenA, seenB] = await Promise.all([a, b, ticker]);
    expect(seenA).to.deep.equal(['a', 'a', 'a', 'a']);
    expect(seenB).to.deep.equal(['b', 'b', 'b', 'b']);
    expect(outside).to.deep.equal(Array(6).fill(undefined));
    expect(manager.active()).to.equal(ROOT_CONTEXT);
  });

  it('runs then-callbacks registered under a context in it, and callbacks of timers in the root one', async () => {
    const seen: unknown[] = [];
    await manager.with(named('t'), () => {
      setTimeout(() => seen.push(['timer', nameIn(manager)]), 0);
      return Promise.resolve().then(() => seen.push(['then', nameIn(manager)]));
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seen).to.deep.equal([
      ['then', 't'],
      ['timer', undefined],
    ]);
  });

  it('binds functions and emitter listeners to a context, and attach sets one until disposed', () => {
    const bound = manager.bind(named('f'), () => nameIn(manager));
    expect(bound()).to.equal('f');
    const emitter = manager.bind(named('e'), new EventEmitter());
    let heard: unknown;
    emitter.on('x', () => (heard = nameIn(manager)));
    emitter.emit('x');
    expect(heard).to.equal('e');
    const token = manager.attach(named('attached'));
    expect(nameIn(manager)).to.equal('attached');
    token.dispose();
    token.dispose();
    expect(manager.active()).to.equal(ROOT_CONTEXT);
  });

  it('stops following promises once disabled', async () => {
    manager.disable();
    const seen = await manager.with(named('gone'), async () => {
      await Promise.resolve();
      return nameIn(manager);
    });
    expect(seen).to.equal(undefined);
  });

  it('is chosen before Node 24; AsyncLocalStorage (AsyncContextFrame) from 24 on', () => {
    expect(contextManagerFor('20.20.2')).to.be.instanceOf(PromiseContextManager);
    expect(contextManagerFor('22.12.0')).to.be.instanceOf(PromiseContextManager);
    const modern = contextManagerFor('24.0.0');
    expect(modern).to.be.instanceOf(AsyncLocalStorageContextManager);
    expect(modern).not.to.be.instanceOf(PromiseContextManager);
  });
});
