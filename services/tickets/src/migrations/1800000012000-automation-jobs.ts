import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * The conversation automation's durable jobs (issue 6): bot replies to send in order per ticket, and
 * one timer per ticket and kind (queue hand-off, inactivity, rating expiry), read with the service clock
 * so nothing waits in memory. `bot_asked_at` throttles the re-asks of the menus (timeUseBotQueues).
 */
export class AutomationJobs1800000012000 implements MigrationInterface {
  name = 'AutomationJobs1800000012000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`
      CREATE TABLE ${s}.automation_jobs (
        id bigserial PRIMARY KEY,
        company_id integer NOT NULL,
        ticket_id integer NOT NULL,
        kind varchar(30) NOT NULL,
        run_at timestamptz NOT NULL,
        payload jsonb NOT NULL DEFAULT '{}'::jsonb,
        attempts integer NOT NULL DEFAULT 0,
        locked_until timestamptz
      )`);
    await queryRunner.query(
      `CREATE INDEX automation_jobs_due_idx ON ${s}.automation_jobs (run_at, id)`,
    );
    await queryRunner.query(
      `CREATE INDEX automation_jobs_ticket_idx ON ${s}.automation_jobs (ticket_id, id)`,
    );
    // a timer exists once per ticket and kind (setting it again moves it); replies are many
    await queryRunner.query(
      `CREATE UNIQUE INDEX automation_jobs_timer_uq ON ${s}.automation_jobs (ticket_id, kind)
       WHERE kind <> 'reply'`,
    );
    await queryRunner.query(`ALTER TABLE ${s}.tickets ADD COLUMN bot_asked_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`ALTER TABLE ${s}.tickets DROP COLUMN IF EXISTS bot_asked_at`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.automation_jobs`);
  }
}
