import type { MigrationInterface, QueryRunner } from 'typeorm';
import { TENANT_ROLE, TENANT_SETTING } from './tenant-scope.js';

const identifier = /^[a-z_][a-z0-9_]{0,62}$/;

/** The data source's schema (migrations run on a service data source), else the service's name. */
function schemaOf(queryRunner: QueryRunner, fallback: string): string {
  return (queryRunner.connection.options as { schema?: string }).schema ?? fallback;
}

function checked(name: string): string {
  if (!identifier.test(name)) throw new Error(`invalid identifier: ${name}`);
  return `"${name}"`;
}

/**
 * Creates the tenant role once per cluster (roles are cluster-wide; services migrating at the same
 * time serialise on a transaction lock) and lets the migrating user switch to it. A superuser already
 * may; a plain owner is granted membership, and its own policy (below) keeps it unrestricted.
 */
async function ensureTenantRole(queryRunner: QueryRunner): Promise<void> {
  await queryRunner.query(`SELECT pg_advisory_xact_lock(hashtext('sb-tenant-role'))`);
  await queryRunner.query(`
    DO $$ BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${TENANT_ROLE}') THEN
        CREATE ROLE ${TENANT_ROLE} NOLOGIN NOINHERIT;
      END IF;
      IF NOT pg_has_role(current_user, '${TENANT_ROLE}', 'MEMBER') THEN
        EXECUTE format('GRANT ${TENANT_ROLE} TO %I', current_user);
      END IF;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
    END $$`);
}

/**
 * Row-level security for a service's tenant tables (those with `company_id`), idempotent:
 * - the tenant role may read and write every table and sequence of the schema (also those later
 *   migrations create), and on tenant tables only the rows of `app.company_id`, also when inserting;
 * - FORCE, so owning the table is no way around the policies; the migrating (service) user gets a
 *   policy of its own that lets it see everything: system jobs that span companies run as it;
 * - unset (or reset to '') `app.company_id` matches nothing, so a scope-less query as the tenant
 *   role returns no rows instead of failing or leaking.
 */
export async function enableTenantRowSecurity(
  queryRunner: QueryRunner,
  serviceSchema: string,
  tenantTables: readonly string[],
): Promise<void> {
  const s = checked(schemaOf(queryRunner, serviceSchema));
  await ensureTenantRole(queryRunner);
  await queryRunner.query(`GRANT USAGE ON SCHEMA ${s} TO ${TENANT_ROLE}`);
  await queryRunner.query(
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${s} TO ${TENANT_ROLE}`,
  );
  await queryRunner.query(
    `GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${s} TO ${TENANT_ROLE}`,
  );
  await queryRunner.query(
    `ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${TENANT_ROLE}`,
  );
  await queryRunner.query(
    `ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${TENANT_ROLE}`,
  );
  const tenant = `company_id = NULLIF(current_setting('${TENANT_SETTING}', true), '')::int`;
  for (const name of tenantTables) {
    const t = `${s}.${checked(name)}`;
    await queryRunner.query(`ALTER TABLE ${t} ENABLE ROW LEVEL SECURITY`);
    await queryRunner.query(`ALTER TABLE ${t} FORCE ROW LEVEL SECURITY`);
    await queryRunner.query(`DROP POLICY IF EXISTS tenant_isolation ON ${t}`);
    await queryRunner.query(
      `CREATE POLICY tenant_isolation ON ${t} TO ${TENANT_ROLE} USING (${tenant}) WITH CHECK (${tenant})`,
    );
    await queryRunner.query(`DROP POLICY IF EXISTS service_unrestricted ON ${t}`);
    await queryRunner.query(`
      DO $$ BEGIN
        EXECUTE format('CREATE POLICY service_unrestricted ON ${t} TO %I USING (true) WITH CHECK (true)', current_user);
      END $$`);
  }
}

/** Undoes enableTenantRowSecurity for these tables (the role and grants stay: other schemas use them). */
export async function disableTenantRowSecurity(
  queryRunner: QueryRunner,
  serviceSchema: string,
  tenantTables: readonly string[],
): Promise<void> {
  const s = checked(schemaOf(queryRunner, serviceSchema));
  for (const name of tenantTables) {
    const t = `${s}.${checked(name)}`;
    await queryRunner.query(`DROP POLICY IF EXISTS tenant_isolation ON ${t}`);
    await queryRunner.query(`DROP POLICY IF EXISTS service_unrestricted ON ${t}`);
    await queryRunner.query(`ALTER TABLE ${t} NO FORCE ROW LEVEL SECURITY`);
    await queryRunner.query(`ALTER TABLE ${t} DISABLE ROW LEVEL SECURITY`);
  }
}

/**
 * The migration class that turns row-level security on for `tables` of `serviceSchema`: every
 * service's row-security migration is this, only the name and the tables differ. `name` is the
 * migration's recorded name (class name + timestamp), so it must never change once shipped.
 */
export function tenantRowSecurityMigration(
  name: string,
  serviceSchema: string,
  tables: readonly string[],
): new () => MigrationInterface {
  return class implements MigrationInterface {
    name = name;

    async up(queryRunner: QueryRunner): Promise<void> {
      await enableTenantRowSecurity(queryRunner, serviceSchema, tables);
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      await disableTenantRowSecurity(queryRunner, serviceSchema, tables);
    }
  };
}
