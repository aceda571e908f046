import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * Indexes on the foreign keys to contacts: deleting a contact (a company's erase, a contact erased)
 * sets its messages' and notes' contact to null, and without them each deleted contact scanned every
 * message (an erase of 50,000 contacts ran for over 15 minutes in the portability bench).
 */
export class ContactReferenceIndexes1800000195000 implements MigrationInterface {
  name = 'ContactReferenceIndexes1800000195000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS messages_contact_id_idx ON ${s}.messages (contact_id)`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS ticket_notes_contact_id_idx ON ${s}.ticket_notes (contact_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`DROP INDEX ${s}.messages_contact_id_idx`);
    await queryRunner.query(`DROP INDEX ${s}.ticket_notes_contact_id_idx`);
  }
}
