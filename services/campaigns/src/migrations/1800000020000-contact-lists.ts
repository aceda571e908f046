import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * Contact lists and their items (spec 3 §3), and the campaign settings stored as key and JSON value
 * pairs per company. A list holds a number once (an import updates the row it finds, BEHAVIOUR.md §6).
 * `is_whatsapp_valid` is null until the connectors service could check the number.
 */
export class ContactLists1800000020000 implements MigrationInterface {
  name = 'ContactLists1800000020000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`
      CREATE TABLE ${s}.contact_lists (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        name varchar(50) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      `CREATE INDEX contact_lists_company_id_idx ON ${s}.contact_lists (company_id, id)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.contact_list_items (
        id serial PRIMARY KEY,
        company_id integer NOT NULL,
        contact_list_id integer NOT NULL REFERENCES ${s}.contact_lists (id) ON DELETE CASCADE,
        name varchar(50) NOT NULL,
        number varchar(50) NOT NULL,
        email varchar(255) NOT NULL DEFAULT '',
        is_whatsapp_valid boolean,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT contact_list_items_number_uq UNIQUE (contact_list_id, number)
      )`);
    // the items page of a list, newest first, and the ownership check by company
    await queryRunner.query(
      `CREATE INDEX contact_list_items_list_idx ON ${s}.contact_list_items (contact_list_id, id)`,
    );
    await queryRunner.query(
      `CREATE INDEX contact_list_items_company_idx ON ${s}.contact_list_items (company_id, id)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.campaign_settings (
        company_id integer NOT NULL,
        key varchar(40) NOT NULL,
        value jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, key)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.campaign_settings`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.contact_list_items`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.contact_lists`);
  }
}
