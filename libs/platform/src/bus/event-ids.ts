import { createHash } from 'node:crypto';

/**
 * An event id derived from a name (a UUID laid out as version 5, from SHA-1): the same change gets the
 * same id on every retry, so the stream's duplicate window and the consumers' processed-event rows drop
 * the repeat. For events published without an outbox row, where a retry may publish again.
 */
export const eventIdOf = (name: string): string => {
  const hash = createHash('sha1').update(`sb-event:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
