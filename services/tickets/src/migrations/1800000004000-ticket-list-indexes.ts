import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * Indexes of the ticket workspace at size (bench/tickets-list):
 * - the status tabs: (company, status, updatedAt) now carries the columns the visibility rules read
 *   (user, queue, group flag), so the tab's count is an index-only scan and its first page stops after
 *   40 entries without visiting the rows it filters out;
 * - the unread inbound messages of a ticket, which opening a conversation marks read: a small partial
 *   index instead of walking every message of a long conversation.
 * The trigram indexes of the search (contacts' names and numbers, messages' accent-free bodies) come with
 * their tables (1800000003000).
 */
export class TicketListIndexes1800000004000 implements MigrationInterface {
  name = 'TicketListIndexes1800000004000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(
      `CREATE INDEX tickets_list_idx ON ${s}.tickets (company_id, status, updated_at DESC, id DESC)
         INCLUDE (user_id, queue_id, is_group)`,
    );
    await queryRunner.query(`DROP INDEX IF EXISTS ${s}.tickets_company_status_updated_idx`);
    await queryRunner.query(
      `CREATE INDEX messages_unread_idx ON ${s}.messages (ticket_id)
         WHERE read = false AND from_me = false`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'tickets');
    await queryRunner.query(`DROP INDEX IF EXISTS ${s}.messages_unread_idx`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS tickets_company_status_updated_idx
         ON ${s}.tickets (company_id, status, updated_at DESC, id DESC)`,
    );
    await queryRunner.query(`DROP INDEX IF EXISTS ${s}.tickets_list_idx`);
  }
}
