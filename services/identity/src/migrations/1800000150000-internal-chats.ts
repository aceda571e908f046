import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf, tenantRowSecurityMigration } from '@sb/platform/db';

/**
 * Internal chats between a company's users (issue 19): the chat, its members with their unread count
 * and last read (read receipts), and its messages. A deleted user leaves their chats; chats they own
 * and messages they sent stay, with the owner or sender unset.
 */
export class InternalChats1800000150000 implements MigrationInterface {
  name = 'InternalChats1800000150000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`
      CREATE TABLE ${s}.chats (
        id serial PRIMARY KEY,
        uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
        company_id integer NOT NULL REFERENCES ${s}.companies(id) ON DELETE CASCADE,
        title varchar(120) NOT NULL,
        owner_id integer REFERENCES ${s}.users(id) ON DELETE SET NULL,
        last_message text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE ${s}.chat_users (
        chat_id integer NOT NULL REFERENCES ${s}.chats(id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES ${s}.users(id) ON DELETE CASCADE,
        company_id integer NOT NULL,
        unreads integer NOT NULL DEFAULT 0,
        last_read_at timestamptz,
        PRIMARY KEY (chat_id, user_id)
      )`);
    // the list: a user's chats (then ordered by the chat's update time)
    await queryRunner.query(
      `CREATE INDEX chat_users_user_idx ON ${s}.chat_users (company_id, user_id)`,
    );
    await queryRunner.query(`
      CREATE TABLE ${s}.chat_messages (
        id serial PRIMARY KEY,
        chat_id integer NOT NULL REFERENCES ${s}.chats(id) ON DELETE CASCADE,
        company_id integer NOT NULL,
        sender_id integer REFERENCES ${s}.users(id) ON DELETE SET NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // the message pages: a chat's newest first
    await queryRunner.query(
      `CREATE INDEX chat_messages_chat_idx ON ${s}.chat_messages (chat_id, id DESC)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'identity');
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.chat_messages`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.chat_users`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.chats`);
  }
}

export const chatTenantTables = ['chats', 'chat_users', 'chat_messages'] as const;

export const ChatsRowSecurity1800000150001 = tenantRowSecurityMigration(
  'ChatsRowSecurity1800000150001',
  'identity',
  chatTenantTables,
);
