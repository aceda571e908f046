import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * The audit log (issue 16): admin and super actions per company, append-only. A trigger refuses
 * UPDATE, DELETE and TRUNCATE, so not even a bug in the service (or a stray admin query through it)
 * rewrites history; entries outlive the company they belong to.
 */
export class AuditEntries1800000016500 implements MigrationInterface {
  name = 'AuditEntries1800000016500';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`
      CREATE TABLE ${s}.audit_entries (
        id bigserial PRIMARY KEY,
        company_id integer NOT NULL,
        actor_user_id integer NOT NULL,
        actor_name varchar(255),
        actor_profile varchar(20) NOT NULL,
        action varchar(20) NOT NULL,
        entity varchar(40) NOT NULL,
        entity_id varchar(64),
        before jsonb,
        after jsonb,
        ip varchar(64),
        user_agent varchar(400),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // the page query: a company's newest first, optionally narrowed by entity or actor
    await queryRunner.query(
      `CREATE INDEX audit_entries_company_idx ON ${s}.audit_entries (company_id, created_at DESC, id DESC)`,
    );
    await queryRunner.query(`
      CREATE FUNCTION ${s}.audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'audit_entries is append-only' USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER audit_entries_no_change BEFORE UPDATE OR DELETE ON ${s}.audit_entries
      FOR EACH ROW EXECUTE FUNCTION ${s}.audit_entries_append_only()`);
    await queryRunner.query(`
      CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON ${s}.audit_entries
      FOR EACH STATEMENT EXECUTE FUNCTION ${s}.audit_entries_append_only()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.audit_entries`);
    await queryRunner.query(`DROP FUNCTION IF EXISTS ${s}.audit_entries_append_only()`);
  }
}
