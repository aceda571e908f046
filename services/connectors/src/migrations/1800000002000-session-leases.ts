import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/** WhatsApp sessions at scale: leases with fencing epochs, worker heartbeats and the Baileys auth state. */
export class SessionLeases1800000002000 implements MigrationInterface {
  name = 'SessionLeases1800000002000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'connectors');
    await queryRunner.query(`
      CREATE TABLE ${s}.session_leases (
        connection_id integer PRIMARY KEY,
        company_id integer NOT NULL,
        -- false while the session is stopped (logged out, QR not scanned, retries spent): nobody claims it
        active boolean NOT NULL DEFAULT true,
        holder varchar(120),
        epoch bigint NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX session_leases_holder_idx ON ${s}.session_leases (holder, expires_at)`,
    );
    await queryRunner.query(
      `CREATE INDEX session_leases_expires_idx ON ${s}.session_leases (expires_at) WHERE active`,
    );
    await queryRunner.query(
      `CREATE INDEX session_leases_company_idx ON ${s}.session_leases (company_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.worker_heartbeats (
        worker_id varchar(120) PRIMARY KEY,
        seen_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX worker_heartbeats_seen_idx ON ${s}.worker_heartbeats (seen_at)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.whatsapp_auth_creds (
        connection_id integer PRIMARY KEY,
        company_id integer NOT NULL,
        value bytea NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX whatsapp_auth_creds_company_idx ON ${s}.whatsapp_auth_creds (company_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.whatsapp_auth_keys (
        connection_id integer NOT NULL,
        company_id integer NOT NULL,
        type varchar(60) NOT NULL,
        id varchar(255) NOT NULL,
        value bytea NOT NULL,
        PRIMARY KEY (connection_id, type, id)
      )`);
    await queryRunner.query(
      `CREATE INDEX whatsapp_auth_keys_company_idx ON ${s}.whatsapp_auth_keys (company_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'connectors');
    await queryRunner.query(`DROP TABLE ${s}.whatsapp_auth_keys`);
    await queryRunner.query(`DROP TABLE ${s}.whatsapp_auth_creds`);
    await queryRunner.query(`DROP TABLE ${s}.worker_heartbeats`);
    await queryRunner.query(`DROP TABLE ${s}.session_leases`);
  }
}
