import { randomUUID } from 'node:crypto';
import type { TenantImportRequest } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import {
  importCompanyRows,
  planCompanyTables,
  readIdMap,
  reserveIds,
  type CompanyRow,
  type IdMaps,
} from '@sb/platform/tenant';
import { openTestDataSource, type TestDataSource } from '@sb/testing/data-source';
import type { INestApplicationContext } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { identityMigrations } from '../src/migrations/index.js';
import { identityTenantPart as part } from '../src/tenant/identity-tenant-part.js';

// Identity's rows of a company from a bundle: the company takes the plan of the same id here or this
// installation's first plan, the name the import asks for, and is refused when that name is taken;
// users keep their connection and queues through the other services' id maps.

const app = {} as INestApplicationContext;

describe("identity's part: a company imported", () => {
  let db: TestDataSource;
  let takenId: number;

  beforeAll(async () => {
    db = await openTestDataSource('tenant_identity', {
      schema: 'identity',
      migrations: identityMigrations,
      poolSize: 2,
    });
    await db.dataSource.query(
      `INSERT INTO identity.plans (id, name, users, connections, queues)
       VALUES (3, 'Basic', 5, 1, 3), (4, 'Pro', 50, 10, 30)`,
    );
    await db.dataSource.query(`SELECT setval('identity.plans_id_seq', 10)`);
    const [taken] = await db.dataSource.query<{ id: number }[]>(
      `INSERT INTO identity.companies (name, plan_id) VALUES ('Taken', 3) RETURNING id`,
    );
    takenId = taken!.id;
  }, 60_000);

  afterAll(() => db?.close());

  const request = (name?: string): TenantImportRequest => ({
    operationId: randomUUID(),
    bundleId: randomUUID(),
    sourceCompanyId: 50,
    companyId: 900,
    ...(name ? { name } : {}),
  });

  const importCompany = (row: CompanyRow, name?: string) =>
    db.dataSource.transaction((manager) =>
      Promise.resolve(
        part.importRow!('companies', row, {
          request: request(name),
          manager,
          app,
          maps: new Map(),
          source: row,
        }),
      ),
    );

  it('keeps the plan of the same id, else takes the first plan', async () => {
    expect((await importCompany({ id: 900, name: 'Acme', plan_id: 4 })).plan_id).toBe(4);
    expect((await importCompany({ id: 900, name: 'Acme', plan_id: 77 })).plan_id).toBe(3);
  });

  it('takes the name asked for, else the bundle name', async () => {
    expect((await importCompany({ id: 900, name: 'Acme', plan_id: 3 }, 'Acme 2')).name).toBe(
      'Acme 2',
    );
    expect((await importCompany({ id: 900, name: 'Acme', plan_id: 3 })).name).toBe('Acme');
  });

  it("refuses a name another company has, not the company's own on a second import", async () => {
    const refused = importCompany({ id: 900, name: 'Taken', plan_id: 3 });
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'ERR_COMPANY_NAME_ALREADY_EXISTS' });
    await expect(
      importCompany({ id: 900, name: 'Acme', plan_id: 3 }, 'Taken'),
    ).rejects.toMatchObject({ code: 'ERR_COMPANY_NAME_ALREADY_EXISTS' });
    expect((await importCompany({ id: takenId, name: 'Taken', plan_id: 3 })).name).toBe('Taken');
  });

  it("refuses a user whose e-mail another company's user has, not the user's own", async () => {
    const [bob] = await db.dataSource.query<{ id: number }[]>(
      `INSERT INTO identity.users (company_id, name, email, password_hash)
       VALUES ($1, 'Bob', 'bob@taken.test', 'x') RETURNING id`,
      [takenId],
    );
    const importUser = (id: number) =>
      db.dataSource.transaction((manager) =>
        Promise.resolve(
          part.importRow!(
            'users',
            { id, email: 'bob@taken.test' },
            { request: request(), manager, app, maps: new Map(), source: {} },
          ),
        ),
      );
    await expect(importUser(bob!.id + 100)).rejects.toMatchObject({
      code: 'ERR_EMAIL_ALREADY_EXISTS',
    });
    await expect(importUser(bob!.id)).resolves.toMatchObject({ id: bob!.id });
  });

  it('writes the company, its users and their queues with every id mapped', async () => {
    const bundleId = randomUUID();
    const rows: { table: string; row: CompanyRow }[] = [
      { table: 'companies', row: { id: 50, name: 'Moving', plan_id: 77, timezone: 'UTC' } },
      {
        table: 'users',
        row: {
          id: 60,
          company_id: 50,
          name: 'Ana',
          email: 'ana@moving.test',
          password_hash: 'hash-kept',
          whatsapp_id: 3,
          profile_image: 'company-50/users/ana.png',
        },
      },
      { table: 'user_queues', row: { user_id: 60, queue_id: 8 } },
      // a queue deleted in tickets before the export: still no queue, but never null
      { table: 'user_queues', row: { user_id: 60, queue_id: 9 } },
      { table: 'sessions', row: { id: randomUUID(), user_id: 60, company_id: 50 } },
    ];
    const companyId = await db.dataSource.transaction(async (manager: EntityManager) => {
      const plans = await planCompanyTables(manager, 'identity', part);
      const own = await reserveIds(
        manager,
        'identity',
        bundleId,
        new Map([
          ['companies', [50]],
          ['users', [60]],
        ]),
        plans.map((p) => p.table),
      );
      const newCompanyId = own.get('companies')!.get(50)!;
      const maps: IdMaps = new Map([
        ['identity.companies', own.get('companies')!],
        ['identity.users', own.get('users')!],
        ['tickets.queues', new Map([[8, 80]])],
        ['connectors.connections', new Map([[3, 30]])],
      ]);
      const importRequest = { ...request('Moved here'), companyId: newCompanyId };
      async function* bundle() {
        yield* rows;
      }
      const added = await importCompanyRows(manager, bundle(), {
        schema: 'identity',
        plans,
        policy: part,
        companyId: newCompanyId,
        sourceCompanyId: 50,
        maps,
        transform: (table, row, manager, { maps, source }) =>
          part.importRow!(table, row, { request: importRequest, manager, app, maps, source }),
      });
      // sign-in sessions never travel
      expect(added).toEqual({ companies: 1, users: 1, user_queues: 2 });
      return newCompanyId;
    });

    const [company] = await db.dataSource.query<CompanyRow[]>(
      'SELECT name, plan_id, timezone FROM identity.companies WHERE id = $1',
      [companyId],
    );
    expect(company).toEqual({ name: 'Moved here', plan_id: 3, timezone: 'UTC' });
    const userId = (await readIdMap(db.dataSource.manager, 'identity', bundleId, 'users')).get(60);
    const [user] = await db.dataSource.query<CompanyRow[]>(
      'SELECT company_id, password_hash, whatsapp_id, profile_image FROM identity.users WHERE id = $1',
      [userId],
    );
    expect(user).toEqual({
      company_id: companyId,
      password_hash: 'hash-kept',
      whatsapp_id: 30,
      profile_image: `company-${companyId}/users/ana.png`,
    });
    const queues = await db.dataSource.query<{ queue_id: number }[]>(
      'SELECT queue_id FROM identity.user_queues WHERE user_id = $1 ORDER BY queue_id',
      [userId],
    );
    expect(queues.map((q) => q.queue_id)).toEqual([-9, 80]);
  });
});
