import { maskSecret } from '@sb/contracts';

/**
 * What to store for a secret field of a save: a new value replaces the stored one; an omitted or empty
 * value, or the masked form the API answered, keeps it. Pure, so the rule has its own unit test.
 */
export const nextSecret = (
  sent: string | undefined,
  stored: string | null,
): { keep: true } | { keep: false; value: string } => {
  const value = sent?.trim() ?? '';
  if (!value) return { keep: true };
  if (stored !== null && value === maskSecret(stored)) return { keep: true };
  return { keep: false, value };
};
