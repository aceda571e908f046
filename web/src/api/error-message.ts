import type { Namespace, ParseKeys, TFunction } from 'i18next';

const codeOf = (data: unknown): string | undefined =>
  data && typeof data === 'object' && 'error' in data && typeof data.error === 'string'
    ? data.error
    : undefined;

const messageOf = (data: unknown): string | undefined =>
  data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
    ? data.message
    : undefined;

/**
 * The text of a failed call (spec 1 §8): the translation of its error code when one exists, else the
 * raw text the server sent, a plain string as is, else the generic "An error occurred!".
 */
export const errorMessage = (error: unknown, t: TFunction<Namespace>): string => {
  // An RTK Query error carries the answer in `data`; without it (network failure) there is no answer.
  const data =
    error && typeof error === 'object' && 'status' in error
      ? 'data' in error
        ? error.data
        : undefined
      : error;
  if (typeof data === 'string' && data.trim()) return data;
  const code = codeOf(data);
  // a server's code: a key of the errors area when it has a text (the defaultValue lookup says)
  const key = code as ParseKeys<'errors'> | undefined;
  if (key && t(key, { ns: 'errors', defaultValue: '' })) return t(key, { ns: 'errors' });
  const raw = messageOf(data) ?? code;
  if (raw) return raw;
  return t('generic', { ns: 'errors' });
};
