import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * On-duty staff (spec 3 §3 "On-duty entry"; BEHAVIOUR.md: Plantao userId, phone, days jsonb, interval
 * minutes). Besides the spec's fields: the user's name as it was when saved (the list shows it without
 * asking identity per row). `days` holds the seven weekdays {weekday, weekdayEn, startTime, endTime}.
 */
export class Plantao1800000013000 implements MigrationInterface {
  name = 'Plantao1800000013000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`
      CREATE TABLE ${s}.plantao (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        user_id integer NOT NULL,
        user_name varchar(255) NOT NULL DEFAULT '',
        phone varchar(30) NOT NULL,
        interval_minutes integer NOT NULL DEFAULT 1 CHECK (interval_minutes >= 1),
        days jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // the list and the on-duty question: a company's entries by id
    await queryRunner.query(`CREATE INDEX plantao_company_id_idx ON ${s}.plantao (company_id, id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.plantao`);
  }
}
