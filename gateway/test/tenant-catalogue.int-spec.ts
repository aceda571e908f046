import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { TenantSharedIdTables, type ServiceName } from '@sb/contracts';
import { createServiceDataSource } from '@sb/platform/db';
import {
  columnMappings,
  movesWithCompany,
  planCompanyTables,
  type TablePlan,
  type TenantPart,
} from '@sb/platform/tenant';
import { campaignsMigrations } from '@sb/campaigns/migrations';
import { campaignsTenantPart } from '@sb/campaigns/tenant';
import { connectorsMigrations } from '@sb/connectors/migrations';
import { connectorsTenantPart } from '@sb/connectors/tenant';
import { identityMigrations } from '@sb/identity/migrations';
import { identityTenantPart } from '@sb/identity/tenant';
import { reportingMigrations } from '@sb/reporting/migrations';
import { reportingTenantPart } from '@sb/reporting/tenant';
import { ticketsMigrations } from '@sb/tickets/migrations';
import { ticketsTenantPart } from '@sb/tickets/tenant';
import { createTestDatabase, type TestDatabase } from '@sb/testing/infra';
import type { DataSource } from 'typeorm';

// Every table of every service's schema, migrated for real, is placed by its service's part: an
// erase knows whose rows it holds, and an import knows how to map every id column of every table
// that moves. A new table or id column fails here until its service declares it.

const services: { name: ServiceName; migrations: unknown[]; part: TenantPart }[] = [
  { name: 'identity', migrations: identityMigrations, part: identityTenantPart },
  { name: 'tickets', migrations: ticketsMigrations, part: ticketsTenantPart },
  { name: 'connectors', migrations: connectorsMigrations, part: connectorsTenantPart },
  { name: 'campaigns', migrations: campaignsMigrations, part: campaignsTenantPart },
  { name: 'reporting', migrations: reportingMigrations, part: reportingTenantPart },
];

const moves = (plan: TablePlan) => plan.role === 'company' || plan.role === 'dependent';

describe("every service's tables in its tenant part", () => {
  let database: TestDatabase;
  const sources = new Map<ServiceName, DataSource>();
  const plans = new Map<ServiceName, TablePlan[]>();

  beforeAll(async () => {
    database = await createTestDatabase('tenant_catalogue');
    // one after another: the migrations of five schemas on a shared machine
    for (const { name, migrations } of services) {
      const source = await createServiceDataSource({
        url: database.url,
        schema: name,
        entities: [],
        migrations: migrations as (new () => object)[],
        poolSize: 2,
      });
      sources.set(name, source);
    }
    for (const { name, part } of services) {
      plans.set(name, await planCompanyTables(sources.get(name)!.manager, name, part));
    }
  }, 180_000);

  afterAll(async () => {
    await Promise.all([...sources.values()].map((source) => source.destroy()));
    await database?.drop();
  });

  it('places every table of every schema (company, dependent, kept or shared)', () => {
    // planCompanyTables throws on a table it cannot place (beforeAll planned every schema)
    expect([...plans.keys()]).toEqual(services.map((service) => service.name));
  });

  it('maps every id column of every table that moves', () => {
    const undeclared: string[] = [];
    for (const { name, part } of services) {
      const own = plans.get(name)!;
      for (const plan of own.filter(moves)) {
        if (!movesWithCompany(plan.table.name, part)) continue;
        // columnMappings throws on the first undeclared column: drop each one found and look again
        const found = new Set<string>();
        for (;;) {
          const references = Object.fromEntries(
            [...found].map((column) => [`${plan.table.name}.${column}`, null]),
          );
          try {
            columnMappings(name, plan, own, {
              ...part,
              references: { ...part.references, ...references },
            });
            break;
          } catch (err) {
            const column = /\.([a-z0-9_]+) holds ids/.exec((err as Error).message)?.[1];
            if (!column || found.has(column)) throw err;
            found.add(column);
            undeclared.push(`${name}.${plan.table.name}.${column}`);
          }
        }
      }
    }
    expect(undeclared).toEqual([]);
  });

  it("declares references only to tables with ids, another service's only to shared ones", () => {
    const wrong: string[] = [];
    for (const { name, part } of services) {
      for (const [column, ref] of Object.entries(part.references ?? {})) {
        const [table] = column.split('.');
        if (!plans.get(name)!.some((plan) => plan.table.name === table)) {
          wrong.push(`${name}.${column}: no table ${table}`);
        }
        if (ref === null) continue;
        const [service, target] = ref.split('.') as [ServiceName, string];
        const held = plans.get(service)?.find((plan) => plan.table.name === target);
        if (!held?.table.serialKey || !moves(held)) {
          wrong.push(`${name}.${column} → ${ref}: no table whose rows move with numbered ids`);
        }
        const shared = TenantSharedIdTables[service] as readonly string[];
        if (service !== name && !shared.includes(target)) {
          wrong.push(`${name}.${column} → ${ref}: not in TenantSharedIdTables`);
        }
      }
      for (const column of part.storageKeys ?? []) {
        const [table, name_] = column.split('.');
        const plan = plans.get(name)!.find((p) => p.table.name === table);
        if (!plan?.table.columns.some((c) => c.name === name_)) {
          wrong.push(`${name}.${column}: no such column`);
        }
      }
      for (const table of Object.keys(part.notMoved ?? {})) {
        if (!plans.get(name)!.some((plan) => plan.table.name === table && moves(plan))) {
          wrong.push(`${name}.${table}: not moved, yet no company table`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('keeps NOT NULL references to rows gone before the export from becoming null', async () => {
    const nullable = new Set<string>();
    for (const { name } of services) {
      const rows = await sources.get(name)!.query<{ column: string }[]>(
        `SELECT table_name || '.' || column_name AS column FROM information_schema.columns
            WHERE table_schema = $1 AND is_nullable = 'YES'`,
        [name],
      );
      for (const row of rows) nullable.add(`${name}.${row.column}`);
    }
    const request = {
      operationId: randomUUID(),
      bundleId: randomUUID(),
      sourceCompanyId: 1,
      companyId: 2,
    };
    const nulls: string[] = [];
    for (const { name, part } of services) {
      for (const [column, ref] of Object.entries(part.references ?? {})) {
        if (ref === null || nullable.has(`${name}.${column}`)) continue;
        const [table, field] = column.split('.') as [string, string];
        const plan = plans.get(name)!.find((p) => p.table.name === table)!;
        if (
          !movesWithCompany(table, part) ||
          plan.table.columns.find((c) => c.name === field)?.type.startsWith('_')
        )
          continue;
        // the bundle's id, which no map holds: the import mapped it to null
        const source = { [field]: 4242 };
        const row = await sources.get(name)!.transaction(async (manager) =>
          part.importRow
            ? part.importRow(
                table,
                { [field]: null },
                {
                  request,
                  manager,
                  app: {} as INestApplicationContext,
                  maps: new Map(),
                  source,
                },
              )
            : { [field]: null },
        );
        if (row[field] === null || row[field] === undefined) nulls.push(`${name}.${column}`);
      }
    }
    expect(nulls).toEqual([]);
  });
});
