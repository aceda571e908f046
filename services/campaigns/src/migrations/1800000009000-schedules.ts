import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * Scheduled messages (spec 3 §3 Schedule). Besides the spec's fields: the contact's and the owner's names
 * as they were when saved (the list shows them without asking tickets and identity per row), the refusal
 * code of an ERRO, and the sender's bookkeeping: `due_at` (send_at, or later after a transient failure),
 * `locked_until` (a sender's claim; another sender skips the row meanwhile) and `attempts`.
 */
export class Schedules1800000009000 implements MigrationInterface {
  name = 'Schedules1800000009000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`
      CREATE TABLE ${s}.schedules (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        user_id integer NOT NULL,
        user_name varchar(255) NOT NULL DEFAULT '',
        contact_id integer NOT NULL,
        contact_name varchar(255) NOT NULL DEFAULT '',
        contact_number varchar(255) NOT NULL DEFAULT '',
        ticket_id integer,
        body text NOT NULL,
        send_at timestamptz NOT NULL,
        sent_at timestamptz,
        status varchar(10) NOT NULL DEFAULT 'PENDENTE'
          CHECK (status IN ('PENDENTE', 'ENVIADA', 'ERRO')),
        error varchar(100),
        due_at timestamptz NOT NULL,
        locked_until timestamptz,
        attempts integer NOT NULL DEFAULT 0,
        sent_ticket_id integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // the list: a company's (or one user's) schedules, newest first
    await queryRunner.query(
      `CREATE INDEX schedules_company_user_idx ON ${s}.schedules (company_id, user_id, id DESC)`,
    );
    await queryRunner.query(
      `CREATE INDEX schedules_company_id_idx ON ${s}.schedules (company_id, id DESC)`,
    );
    // the sender: the waiting rows by due time, across companies
    await queryRunner.query(
      `CREATE INDEX schedules_due_idx ON ${s}.schedules (due_at) WHERE status = 'PENDENTE'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.schedules`);
  }
}
