import { createLogger } from '@sb/platform/logger';
import { LookupCache } from './lookup-cache.js';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('LookupCache', () => {
  let now = 0;
  const cache = () => new LookupCache(1000, createLogger('test'), 100, () => now);

  beforeEach(() => {
    now = 0;
  });

  it('asks once within its time', async () => {
    const c = cache();
    let calls = 0;
    const load = () => Promise.resolve(++calls);
    expect(await c.get('k', load, 0)).toBe(1);
    now = 999;
    expect(await c.get('k', load, 0)).toBe(1);
    expect(calls).toBe(1);
  });

  it('serves the stale answer at once past its time and the fresh one after the refresh', async () => {
    const c = cache();
    let release: (value: string) => void = () => undefined;
    await c.get('k', () => Promise.resolve('old'), '');
    now = 1500;
    const slow = () => new Promise<string>((resolve) => (release = resolve));
    expect(await c.get('k', slow, '')).toBe('old');
    // one refresh at a time
    expect(await c.get('k', () => Promise.reject(new Error('not asked')), '')).toBe('old');
    release('new');
    await settle();
    expect(await c.get('k', () => Promise.resolve('other'), '')).toBe('new');
  });

  it('keeps the last answer when a refresh fails, and asks again a period later', async () => {
    const c = cache();
    await c.get('k', () => Promise.resolve('old'), '');
    now = 1500;
    expect(await c.get('k', () => Promise.reject(new Error('down')), '')).toBe('old');
    await settle();
    now = 2000;
    expect(await c.get('k', () => Promise.resolve('not yet'), '')).toBe('old');
    now = 2600;
    expect(await c.get('k', () => Promise.resolve('back'), '')).toBe('old');
    await settle();
    expect(await c.get('k', () => Promise.resolve('x'), '')).toBe('back');
  });

  it('waits for a fresh answer once the entry is forgotten, and a late refresh does not bring it back', async () => {
    const c = cache();
    let release: (value: string) => void = () => undefined;
    await c.get('k', () => Promise.resolve('old'), '');
    now = 1500;
    await c.get('k', () => new Promise<string>((resolve) => (release = resolve)), '');
    c.forget('k');
    expect(await c.get('k', () => Promise.resolve('changed'), '')).toBe('changed');
    release('late');
    await settle();
    expect(await c.get('k', () => Promise.resolve('x'), '')).toBe('changed');
  });

  it('answers the fallback for a failed first lookup, and asks again after its time', async () => {
    const c = cache();
    expect(await c.get('k', () => Promise.reject(new Error('down')), 'fallback')).toBe('fallback');
    now = 500;
    expect(await c.get('k', () => Promise.resolve('up'), 'fallback')).toBe('fallback');
    now = 1200;
    expect(await c.get('k', () => Promise.resolve('up'), 'fallback')).toBe('up');
  });
});

describe('LookupCache.forgetPrefix', () => {
  it('forgets the entries under a prefix and keeps the others', async () => {
    const c = new LookupCache(1000, createLogger('test'), 100, () => 0);
    let calls = 0;
    const load = () => Promise.resolve(++calls);
    await c.get('s:1:a', load, 0);
    await c.get('s:1:b', load, 0);
    await c.get('s:10:a', load, 0);
    c.forgetPrefix('s:1:');
    expect(await c.get('s:1:a', load, 0)).toBe(4);
    expect(await c.get('s:10:a', load, 0)).toBe(3);
  });
});
