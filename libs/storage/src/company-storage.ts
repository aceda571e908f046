import { assertCompanyKey, assertValidPrefix, companyPrefix } from './media-key.js';
import type { ObjectStorage } from './object-storage.js';
import { InvalidObjectKeyError } from './storage.errors.js';

/**
 * A view of `storage` that refuses every key and prefix outside `company-<id>/`, for code that acts
 * on behalf of one tenant (e.g. a key that arrived in a request).
 */
export function scopeToCompany(storage: ObjectStorage, companyId: number): ObjectStorage {
  const prefix = companyPrefix(companyId);
  const assertCompanyPrefix = (listPrefix: string) => {
    assertValidPrefix(listPrefix);
    if (!listPrefix.startsWith(prefix)) {
      throw new InvalidObjectKeyError(listPrefix, `outside company ${companyId}`);
    }
    return listPrefix;
  };
  const scoped: ObjectStorage = {
    put: async (key, body, options) => {
      assertCompanyKey(key, companyId);
      return storage.put(key, body, options);
    },
    get: async (key) => {
      assertCompanyKey(key, companyId);
      return storage.get(key);
    },
    stat: async (key) => {
      assertCompanyKey(key, companyId);
      return storage.stat(key);
    },
    remove: async (key) => {
      assertCompanyKey(key, companyId);
      return storage.remove(key);
    },
    list: async (listPrefix) => storage.list(assertCompanyPrefix(listPrefix)),
    listWithSizes: async (listPrefix) => storage.listWithSizes(assertCompanyPrefix(listPrefix)),
  };
  const { signedUrl } = storage;
  if (signedUrl) {
    scoped.signedUrl = async (key, expiresInSeconds) => {
      assertCompanyKey(key, companyId);
      return signedUrl.call(storage, key, expiresInSeconds);
    };
  }
  return scoped;
}
