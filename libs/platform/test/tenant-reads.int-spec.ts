import { createTestDatabase, type TestDatabase } from '@sb/testing/infra';
import { DataSource, type DataSourceOptions, type EntityManager } from 'typeorm';
import {
  createServiceDataSource,
  createTenantReadDataSource,
} from '../src/db/service-data-source.js';
import { Transactions } from '../src/db/transactions.js';
import { createLogger } from '../src/logger/create-logger.js';
import {
  CreateNote1800000000000,
  NoteEntity,
  NoteRowSecurity1800000000001,
} from './test-notes.fixture.js';

let db: TestDatabase;
let dataSource: DataSource;
let transactions: Transactions;

// no company filter anywhere: only row-level security decides what a read sees
const allTexts = async (manager: EntityManager) =>
  ((await manager.query('SELECT text FROM note ORDER BY text')) as { text: string }[]).map(
    (row) => row.text,
  );
const backendPid = async (manager: EntityManager) =>
  ((await manager.query('SELECT pg_backend_pid() AS pid')) as { pid: number }[])[0].pid;

beforeAll(async () => {
  db = await createTestDatabase('platform_reads');
  dataSource = await createServiceDataSource({
    url: db.url,
    schema: 'identity',
    entities: [NoteEntity],
    migrations: [CreateNote1800000000000, NoteRowSecurity1800000000001],
    logger: createLogger('platform-reads'),
  });
  await dataSource.query(
    `INSERT INTO note (company_id, text) VALUES (1, 'one a'), (1, 'one b'), (2, 'two a')`,
  );
  // one connection, so every read below reuses the same pooled session
  const options = createTenantReadDataSource(dataSource).options as Extract<
    DataSourceOptions,
    { type: 'postgres' }
  >;
  const readSource = new DataSource({ ...options, poolSize: 1 });
  transactions = new Transactions(dataSource, readSource);
});

afterAll(async () => {
  await transactions?.close();
  await dataSource?.destroy();
  await db?.drop();
});

describe('Transactions.read', () => {
  it('sees only the company rows through a query without a company filter', async () => {
    expect(await allTexts(dataSource.manager)).toEqual(['one a', 'one b', 'two a']);
    expect(await transactions.read(1, allTexts)).toEqual(['one a', 'one b']);
    expect(await transactions.read(2, allTexts)).toEqual(['two a']);
    expect(await transactions.read(3, allTexts)).toEqual([]);
  });

  it('reads as the tenant role, also through entity repositories', async () => {
    const who = await transactions.read(1, (m) => m.query('SELECT current_user AS name'));
    expect(who).toEqual([{ name: 'sb_tenant' }]);
    const notes = await transactions.read(2, (m) => m.getRepository(NoteEntity).find());
    expect(notes.map((n) => n.text)).toEqual(['two a']);
  });

  it('switches company on the same pooled connection', async () => {
    const first = await transactions.read(1, async (m) => [await backendPid(m), await allTexts(m)]);
    const second = await transactions.read(2, async (m) => [
      await backendPid(m),
      await allTexts(m),
    ]);
    const third = await transactions.read(1, async (m) => [await backendPid(m), await allTexts(m)]);
    expect(second[0]).toBe(first[0]);
    expect(third[0]).toBe(first[0]);
    expect([first[1], second[1], third[1]]).toEqual([
      ['one a', 'one b'],
      ['two a'],
      ['one a', 'one b'],
    ]);
  });

  it('leaves no wrong company on the connection after a failing query', async () => {
    await expect(
      transactions.read(2, (m) => m.query('SELECT text, 1 / 0 FROM note')),
    ).rejects.toThrow(/division by zero/);
    expect(await transactions.read(1, allTexts)).toEqual(['one a', 'one b']);
    await expect(
      transactions.read(1, (m) => m.query('SELECT no_such_column FROM note')),
    ).rejects.toThrow();
    expect(await transactions.read(2, allTexts)).toEqual(['two a']);
    expect(await transactions.read(1, allTexts)).toEqual(['one a', 'one b']);
  });

  it('runs in the transaction it is given', async () => {
    const texts = await transactions
      .inTenant(2, async (manager) => {
        await manager.query(`INSERT INTO note (company_id, text) VALUES (2, 'two uncommitted')`);
        const seen = await transactions.read(2, allTexts, manager);
        throw Object.assign(new Error('roll back'), { seen });
      })
      .catch((err: { seen: string[] }) => err.seen);
    expect(texts).toEqual(['two a', 'two uncommitted']);
    expect(await transactions.read(2, allTexts)).toEqual(['two a']);
  });

  it('refuses a company id that is not a positive integer', async () => {
    for (const bad of [0, -1, 1.5, Number.NaN])
      await expect(transactions.read(bad, allTexts)).rejects.toMatchObject({
        code: 'ERR_NO_PERMISSION',
      });
  });
});

describe('Transactions.textSearch', () => {
  it('runs as the service user, so its own company filter is what limits it', async () => {
    const who = await transactions.textSearch(1, (m) => m.query('SELECT current_user AS name'));
    expect(who).not.toEqual([{ name: 'sb_tenant' }]);
    const found = await transactions.textSearch(1, (m) =>
      m.query(`SELECT text FROM note WHERE company_id = $1 AND text LIKE $2`, [1, '%one%']),
    );
    expect(found).toEqual([{ text: 'one a' }, { text: 'one b' }]);
    await expect(transactions.textSearch(0, allTexts)).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
    });
  });
});
