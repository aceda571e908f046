import { randomBytes } from 'node:crypto';

/** A database name unique per call and valid unquoted in Postgres (lowercase, ≤ 63 chars). */
export function uniqueDatabaseName(prefix = 't'): string {
  const clean =
    prefix
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_')
      .replace(/^[^a-z_]/, 't') || 't';
  const suffix = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  return `${clean.slice(0, 63 - suffix.length - 1)}_${suffix}`;
}

/** The same server URL pointing at another database. */
export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
