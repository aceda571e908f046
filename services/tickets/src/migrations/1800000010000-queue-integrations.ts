import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/** Queue integrations (spec 3 §2.14): Dialogflow, n8n, webhooks and Typebot, per company. */
export class QueueIntegrations1800000010000 implements MigrationInterface {
  name = 'QueueIntegrations1800000010000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`
      CREATE TABLE ${s}.queue_integrations (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        type varchar(20) NOT NULL,
        name varchar(50) NOT NULL,
        project_name varchar(100) NOT NULL DEFAULT '',
        json_content text,
        language varchar(10) NOT NULL DEFAULT 'pt-BR',
        url_n8n varchar(500) NOT NULL DEFAULT '',
        typebot_slug varchar(200) NOT NULL DEFAULT '',
        typebot_expires integer NOT NULL DEFAULT 1,
        typebot_delay_message integer NOT NULL DEFAULT 1000,
        typebot_keyword_finish varchar(100) NOT NULL DEFAULT '',
        typebot_keyword_restart varchar(100) NOT NULL DEFAULT '',
        typebot_unknown_message text NOT NULL DEFAULT '',
        typebot_restart_message text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT queue_integrations_type_chk
          CHECK (type IN ('dialogflow', 'n8n', 'webhook', 'typebot'))
      )`);
    // names are unique per company (case-insensitive); the index also serves the list's order
    await queryRunner.query(
      `CREATE UNIQUE INDEX queue_integrations_company_name_uq
         ON ${s}.queue_integrations (company_id, lower(name))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`DROP TABLE ${s}.queue_integrations`);
  }
}
