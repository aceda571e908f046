import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/** Queues with their chatbot option trees, and quick messages (shortcodes). */
export class QueuesQuickMessages1800000002000 implements MigrationInterface {
  name = 'QueuesQuickMessages1800000002000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`
      CREATE TABLE ${s}.queues (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(50) NOT NULL,
        color varchar(9) NOT NULL,
        greeting_message text NOT NULL DEFAULT '',
        out_of_hours_message text NOT NULL DEFAULT '',
        order_queue integer,
        tempo_roteador integer NOT NULL DEFAULT 0,
        ativar_roteador boolean NOT NULL DEFAULT false,
        integration_id integer,
        file_list_id integer,
        close_ticket boolean NOT NULL DEFAULT false,
        prompt_id integer,
        schedules jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // name and colour are unique per company (case-insensitive for the name)
    await queryRunner.query(
      `CREATE UNIQUE INDEX queues_company_name_uq ON ${s}.queues (company_id, lower(name))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX queues_company_color_uq ON ${s}.queues (company_id, lower(color))`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.chatbots (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        queue_id integer REFERENCES ${s}.queues (id) ON DELETE CASCADE,
        chatbot_id integer REFERENCES ${s}.chatbots (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        greeting_message text NOT NULL DEFAULT '',
        queue_type varchar(20) NOT NULL DEFAULT 'text',
        close_ticket boolean NOT NULL DEFAULT false,
        opt_queue_id integer REFERENCES ${s}.queues (id) ON DELETE SET NULL,
        opt_user_id integer,
        opt_integration_id integer,
        opt_file_id integer,
        position integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT chatbots_parent_chk CHECK (queue_id IS NOT NULL OR chatbot_id IS NOT NULL),
        CONSTRAINT chatbots_queue_type_chk
          CHECK (queue_type IN ('text', 'attendent', 'queue', 'integration', 'file'))
      )`);
    await queryRunner.query(
      `CREATE INDEX chatbots_company_queue_idx ON ${s}.chatbots (company_id, queue_id)`,
    );
    await queryRunner.query(`CREATE INDEX chatbots_parent_idx ON ${s}.chatbots (chatbot_id)`);
    await queryRunner.query(`
      CREATE TABLE ${s}.quick_messages (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        user_id integer NOT NULL,
        shortcode varchar(100) NOT NULL,
        message text NOT NULL DEFAULT '',
        geral boolean NOT NULL DEFAULT false,
        status boolean NOT NULL DEFAULT true,
        media_path varchar(500),
        media_name varchar(255),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX quick_messages_company_user_idx ON ${s}.quick_messages (company_id, user_id, shortcode)`,
    );
    await queryRunner.query(
      `CREATE INDEX quick_messages_company_geral_idx ON ${s}.quick_messages (company_id, geral, shortcode)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.quick_messages`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.chatbots`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.queues`);
  }
}
