import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * A campaign's message template for Cloud API connections (issue 17): null, or its name, language,
 * the text of each body parameter (placeholders filled per contact) and the parameters' names as
 * Meta listed them when the campaign was saved (a NAMED template's values are sent by name).
 */
export class CampaignTemplates1800000110000 implements MigrationInterface {
  name = 'CampaignTemplates1800000110000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`ALTER TABLE ${s}.campaigns ADD COLUMN template jsonb`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'campaigns');
    await queryRunner.query(`ALTER TABLE ${s}.campaigns DROP COLUMN IF EXISTS template`);
  }
}
