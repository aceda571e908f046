import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * Campaigns to a tag (spec 3 §1, §2.2): the tag's name as it was when the campaign was saved, so the
 * list names the audience without asking the tickets service for every row (tags are tickets' data).
 */
export class CampaignTagAudience1800000120000 implements MigrationInterface {
  name = 'CampaignTagAudience1800000120000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`ALTER TABLE ${s}.campaigns ADD COLUMN tag_name text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`ALTER TABLE ${s}.campaigns DROP COLUMN IF EXISTS tag_name`);
  }
}
