import { MaskedSecret, parseServiceAccountKey } from '@sb/contracts';

/**
 * The key's JSON as the API shows it: every field but the private key, which reads MaskedSecret. The
 * edit form shows this; the private key never leaves the service once stored.
 */
export const maskServiceAccountKey = (plain: string | null): string => {
  if (!plain) return '';
  const key = parseServiceAccountKey(plain);
  if (!key) return MaskedSecret;
  return JSON.stringify({ ...key, private_key: MaskedSecret }, null, 2);
};

/** Whether a submitted key is the masked one the API answered (its private key is MaskedSecret). */
export const isMaskedKey = (sent: string): boolean =>
  parseServiceAccountKey(sent)?.private_key === MaskedSecret;

/**
 * The key to store or use for a submitted one: a new key as sent; the masked key with the stored private
 * key put back (the other fields as sent); undefined when it is masked and nothing is stored.
 */
export const resolveSubmittedKey = (sent: string, stored: string | null): string | undefined => {
  const key = parseServiceAccountKey(sent);
  if (!key) return undefined;
  if (key.private_key !== MaskedSecret) return sent;
  const previous = stored ? parseServiceAccountKey(stored) : undefined;
  if (!previous) return undefined;
  return JSON.stringify({ ...key, private_key: previous.private_key });
};
