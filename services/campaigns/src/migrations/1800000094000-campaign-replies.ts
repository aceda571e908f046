import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * Opt-outs and replies (issue 17): a company's numbers that answered an opt-out word (one row per
 * number, digits only, with the campaign it answered), and on each shipping row the contact's first
 * reply within the reply window and how many it sent.
 */
export class CampaignReplies1800000094000 implements MigrationInterface {
  name = 'CampaignReplies1800000094000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`
      CREATE TABLE ${s}.campaign_opt_outs (
        company_id integer NOT NULL,
        number varchar(50) NOT NULL,
        opted_out_at timestamptz NOT NULL DEFAULT now(),
        campaign_id integer REFERENCES ${s}.campaigns (id) ON DELETE SET NULL,
        shipping_id integer REFERENCES ${s}.campaign_shippings (id) ON DELETE SET NULL,
        whatsapp_id integer,
        PRIMARY KEY (company_id, number)
      )`);
    // the report counts a campaign's opt-outs
    await queryRunner.query(
      `CREATE INDEX campaign_opt_outs_campaign_idx ON ${s}.campaign_opt_outs (campaign_id)
         WHERE campaign_id IS NOT NULL`,
    );
    await queryRunner.query(`
      ALTER TABLE ${s}.campaign_shippings
        ADD COLUMN first_reply_at timestamptz,
        ADD COLUMN reply_count integer NOT NULL DEFAULT 0`);
    // a contact's message finds the shippings last sent to its number (reply and opt-out attribution)
    await queryRunner.query(
      `CREATE INDEX campaign_shippings_contact_idx
         ON ${s}.campaign_shippings (company_id, number, whatsapp_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`DROP INDEX IF EXISTS ${s}.campaign_shippings_contact_idx`);
    await queryRunner.query(`
      ALTER TABLE ${s}.campaign_shippings
        DROP COLUMN IF EXISTS first_reply_at, DROP COLUMN IF EXISTS reply_count`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.campaign_opt_outs`);
  }
}
