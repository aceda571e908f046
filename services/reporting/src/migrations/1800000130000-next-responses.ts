import type { MigrationInterface, QueryRunner } from 'typeorm';
import {
  disableTenantRowSecurity,
  enableTenantRowSecurity,
  migrationSchemaOf,
} from '@sb/platform/db';

/**
 * Next-response time (issue 18): each visible message of a ticket as a mark (when, from whom), so the
 * waits can be worked out again whatever order the message events come in, and the ticket's waits
 * (`[[from, to], …]`, ISO instants) on its facts, where the reports read them.
 */
export class NextResponses1800000130000 implements MigrationInterface {
  name = 'NextResponses1800000130000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'reporting');
    await queryRunner.query(`
      CREATE TABLE ${s}.ticket_message_mark (
        company_id integer NOT NULL,
        ticket_id integer NOT NULL,
        message_id varchar(128) NOT NULL,
        at timestamptz NOT NULL,
        from_me boolean NOT NULL,
        by_agent boolean NOT NULL,
        PRIMARY KEY (company_id, ticket_id, message_id)
      )`);
    await queryRunner.query(`
      ALTER TABLE ${s}.ticket_fact ADD COLUMN next_responses jsonb NOT NULL DEFAULT '[]'`);
    await enableTenantRowSecurity(queryRunner, 'reporting', ['ticket_message_mark']);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'reporting');
    await disableTenantRowSecurity(queryRunner, 'reporting', ['ticket_message_mark']);
    await queryRunner.query(`ALTER TABLE ${s}.ticket_fact DROP COLUMN next_responses`);
    await queryRunner.query(`DROP TABLE ${s}.ticket_message_mark`);
  }
}
