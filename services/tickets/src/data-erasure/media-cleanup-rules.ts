import { companyPrefix } from '@sb/storage';

/**
 * The files to remove once messages are gone: each distinct key once, only message files of the company
 * (`company-<id>/messages/`, never a quick message's or a file list's that a bot reply pointed at), and
 * none another message still shows (a forwarded copy shares its file).
 */
export function removableMediaKeys(
  companyId: number,
  removedKeys: readonly (string | null)[],
  stillUsed: ReadonlySet<string>,
): string[] {
  const area = `${companyPrefix(companyId)}messages/`;
  const keys = new Set<string>();
  for (const key of removedKeys) {
    if (key && key.startsWith(area) && !stillUsed.has(key)) keys.add(key);
  }
  return [...keys];
}

/** The moment before which messages go: `days` whole days before `now`. */
export const retentionCutoff = (now: Date, days: number): Date =>
  new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
