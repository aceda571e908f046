import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/embedded-postgres.js';

async function query(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('startEmbeddedPostgres', () => {
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'sb-embedded-pg-'));
    // mkdtemp makes a private directory; the postgres OS user (when run as root) must get through it
    await chmod(root, 0o755);
  });

  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('refuses with a clear reason when the postgres user cannot reach the data dir', async () => {
    if (process.getuid?.() !== 0) return; // only root hands the cluster to another OS user
    const closed = path.join(root, 'closed');
    await mkdir(closed, { mode: 0o700 });
    await expect(startEmbeddedPostgres({ dataDir: path.join(closed, 'pg') })).rejects.toThrow(
      /cannot reach/,
    );
  });

  it('initialises a data dir, serves the switchboard database, and reuses the data on restart', async () => {
    const dataDir = path.join(root, 'cluster', 'pg');
    const first = await startEmbeddedPostgres({ dataDir });
    try {
      expect(first.url).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/switchboard$/);
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      await query(
        first.url,
        'CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$still here$$)',
      );
    } finally {
      await first.stop();
    }
    await expect(query(first.url, 'SELECT 1')).rejects.toThrow();

    const second = await startEmbeddedPostgres({ dataDir });
    try {
      expect(await query(second.url, 'SELECT v FROM kept')).toEqual([{ v: 'still here' }]);
      const [version] = await query(second.url, 'SHOW server_version');
      expect(Number.parseInt(version.server_version, 10)).toBeGreaterThanOrEqual(18);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
