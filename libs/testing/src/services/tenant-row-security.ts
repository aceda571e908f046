import {
  createServiceDataSource,
  TENANT_ROLE,
  tenantScope,
  type ServiceDataSourceOptions,
} from '@sb/platform/db';
import { DomainEventTypes } from '@sb/contracts';
import { Outbox } from '@sb/platform/outbox';
import { createTestDatabase, type TestDatabase } from '../infra/test-database.js';

type Column = {
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
  is_identity: 'YES' | 'NO';
  is_generated: 'ALWAYS' | 'NEVER';
};

const COMPANY_A = 7001;
const COMPANY_B = 7002;

/** A value for a required column nothing else fills: distinct per row, so unique keys hold. */
function filler(column: Column, n: number): string {
  switch (column.data_type) {
    case 'smallint':
    case 'integer':
    case 'bigint':
    case 'numeric':
    case 'real':
    case 'double precision':
      return String(n);
    case 'boolean':
      return 'false';
    case 'uuid':
      return 'gen_random_uuid()';
    case 'json':
    case 'jsonb':
      return `'{}'`;
    case 'date':
    case 'timestamp with time zone':
    case 'timestamp without time zone':
    case 'time without time zone':
      return 'now()';
    case 'bytea':
      return `'\\x00'::bytea`;
    case 'ARRAY':
      return `'{}'`;
    case 'USER-DEFINED':
      return `(SELECT enumlabel::${column.udt_name} FROM pg_enum e JOIN pg_type t ON t.oid = e.enumtypid
               WHERE t.typname = '${column.udt_name}' ORDER BY e.enumsortorder LIMIT 1)`;
    default:
      return `'r${n}'`;
  }
}

/**
 * The row-level security contract of a service's tenant tables (issue 16), against real Postgres:
 * the tables with `company_id` are exactly `tenantTables`, all under forced RLS; inside a tenant
 * scope a query with no company filter sees only that company's rows; as the tenant role with no
 * scope it sees nothing; and a scope cannot move a row into another company.
 */
export function describeTenantRowSecurity(
  schema: string,
  migrations: ServiceDataSourceOptions['migrations'],
  tenantTables: readonly string[],
): void {
  describe(`${schema}: row-level security of the tenant tables`, () => {
    let database: TestDatabase;
    let dataSource: Awaited<ReturnType<typeof createServiceDataSource>>;
    const table = (name: string) => `"${schema}"."${name}"`;

    beforeAll(async () => {
      database = await createTestDatabase(`rls-${schema}`);
      dataSource = await createServiceDataSource({
        url: database.url,
        schema,
        entities: [],
        migrations,
      });
      // one row per company in every tenant table, written as the service user with foreign keys off
      // and this throwaway database's check constraints dropped: the rows only need a company, not a
      // consistent graph
      await dataSource.transaction(async (manager) => {
        await manager.query('SET LOCAL session_replication_role = replica');
        let n = 1;
        for (const name of tenantTables) {
          const checks: { conname: string }[] = await manager.query(
            `SELECT conname FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'c'`,
            [table(name)],
          );
          for (const { conname } of checks)
            await manager.query(`ALTER TABLE ${table(name)} DROP CONSTRAINT "${conname}"`);
          const columns: Column[] = await manager.query(
            `SELECT column_name, data_type, udt_name, is_nullable, column_default, is_identity, is_generated
               FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2`,
            [schema, name],
          );
          for (const companyId of [COMPANY_A, COMPANY_B]) {
            const filled = columns.filter(
              (c) =>
                c.column_name === 'company_id' ||
                (c.is_nullable === 'NO' &&
                  c.column_default === null &&
                  c.is_identity === 'NO' &&
                  c.is_generated === 'NEVER'),
            );
            const values = filled.map((c) =>
              c.column_name === 'company_id' ? String(companyId) : filler(c, (n += 1)),
            );
            await manager.query(
              `INSERT INTO ${table(name)} (${filled.map((c) => `"${c.column_name}"`).join(', ')})
               VALUES (${values.join(', ')})`,
            );
          }
        }
      });
    });

    afterAll(async () => {
      await dataSource?.destroy();
      await database?.drop();
    });

    it('the tables with company_id are exactly the tenant tables, each under forced RLS', async () => {
      const rows: { table_name: string; rls: boolean; forced: boolean }[] = await dataSource.query(
        `SELECT c.table_name, k.relrowsecurity AS rls, k.relforcerowsecurity AS forced
           FROM information_schema.columns c
           JOIN pg_class k ON k.relname = c.table_name
           JOIN pg_namespace s ON s.oid = k.relnamespace AND s.nspname = c.table_schema
          WHERE c.table_schema = $1 AND c.column_name = 'company_id' AND k.relkind = 'r'`,
        [schema],
      );
      expect(rows.map((r) => r.table_name).sort()).toEqual([...tenantTables].sort());
      expect(rows.filter((r) => !r.rls || !r.forced)).toEqual([]);
    });

    it('the service user outside any scope sees every company (system jobs)', async () => {
      for (const name of tenantTables) {
        const rows: { company_id: number }[] = await dataSource.query(
          `SELECT DISTINCT company_id FROM ${table(name)} ORDER BY company_id`,
        );
        expect({ name, companies: rows.map((r) => r.company_id) }).toEqual({
          name,
          companies: [COMPANY_A, COMPANY_B],
        });
      }
    });

    it('inside a tenant scope, SELECT * with no company filter sees only that company’s rows', async () => {
      for (const companyId of [COMPANY_A, COMPANY_B]) {
        const seen = await tenantScope(dataSource, companyId, async (manager) => {
          const byTable: Record<string, number[]> = {};
          for (const name of tenantTables) {
            const rows: { company_id: number }[] = await manager.query(
              `SELECT * FROM ${table(name)}`,
            );
            byTable[name] = rows.map((r) => r.company_id);
          }
          return byTable;
        });
        expect(seen).toEqual(Object.fromEntries(tenantTables.map((name) => [name, [companyId]])));
      }
    });

    it('as the tenant role with no company set (or one reset to empty) it sees nothing', async () => {
      const counts = await dataSource.transaction(async (manager) => {
        await manager.query(`SET LOCAL ROLE ${TENANT_ROLE}`);
        const result: Record<string, number> = {};
        for (const name of tenantTables) {
          const [unset] = await manager.query(`SELECT count(*)::int AS n FROM ${table(name)}`);
          await manager.query(`SELECT set_config('app.company_id', '', true)`);
          const [reset] = await manager.query(`SELECT count(*)::int AS n FROM ${table(name)}`);
          result[name] = unset.n + reset.n;
        }
        return result;
      });
      expect(counts).toEqual(Object.fromEntries(tenantTables.map((name) => [name, 0])));
    });

    it('the outbox works inside a tenant scope, for that company’s events only', async () => {
      const event = (companyId: number) => ({
        companyId,
        ...DomainEventTypes.identity.companyDeleted,
        data: { id: companyId },
      });
      const written = await tenantScope(dataSource, COMPANY_A, (manager) =>
        Outbox.add(manager, event(COMPANY_A)),
      );
      const [row] = await dataSource.query(
        `SELECT company_id FROM ${table('outbox_event')} WHERE id = $1`,
        [written.id],
      );
      expect(row).toEqual({ company_id: COMPANY_A });
      await expect(
        tenantScope(dataSource, COMPANY_A, (manager) => Outbox.add(manager, event(COMPANY_B))),
      ).rejects.toThrow(/row-level security/);
    });

    it('a tenant scope cannot write a row into another company', async () => {
      for (const name of tenantTables) {
        await expect(
          tenantScope(dataSource, COMPANY_A, (manager) =>
            manager.query(`UPDATE ${table(name)} SET company_id = ${COMPANY_B}`),
          ),
        ).rejects.toThrow(/row-level security/);
      }
    });
  });
}
