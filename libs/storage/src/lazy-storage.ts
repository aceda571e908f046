import type { ObjectStorage } from './object-storage.js';

/**
 * Object storage opened on first use (`open` runs once, at the first call): a process that never
 * stores or reads a file never creates it.
 */
export function lazyStorage(open: () => Promise<ObjectStorage>): ObjectStorage {
  let opened: Promise<ObjectStorage> | undefined;
  const storage = () => (opened ??= open());
  return {
    put: async (key, body, options) => (await storage()).put(key, body, options),
    get: async (key) => (await storage()).get(key),
    stat: async (key) => (await storage()).stat(key),
    remove: async (key) => (await storage()).remove(key),
    list: async (prefix) => (await storage()).list(prefix),
    listWithSizes: async (prefix) => (await storage()).listWithSizes(prefix),
  };
}
