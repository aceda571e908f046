import { jest } from '@jest/globals';
import { lazyStorage } from './lazy-storage.js';
import type { ObjectStorage } from './object-storage.js';

describe('lazyStorage', () => {
  it('opens the storage at the first call, once, and passes every call through', async () => {
    const inner = {
      list: jest.fn(async (prefix: string) => [`${prefix}a`]),
      stat: jest.fn(async () => undefined),
    } as unknown as ObjectStorage;
    const open = jest.fn(async () => inner);
    const storage = lazyStorage(open);
    expect(open).not.toHaveBeenCalled();
    await expect(storage.list('p/')).resolves.toEqual(['p/a']);
    await expect(storage.stat('p/a')).resolves.toBeUndefined();
    expect(open).toHaveBeenCalledTimes(1);
  });
});
