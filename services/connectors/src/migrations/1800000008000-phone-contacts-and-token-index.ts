import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSchemaOf } from '@sb/platform/db';

/**
 * What a Baileys session reported about the people its phone knows (Baileys 7 keeps no store): address
 * book entries (`contacts.upsert`, history sync contacts), chat peers (`chats.upsert`, history sync
 * chats) and phone-number/LID pairs, for POST /contacts/import and /contacts/import/chats. One row per
 * person id the phone gave (its phone JID when known, else its LID); forgotten with the pairing.
 *
 * And the unique index behind the external messages API's token lookup (`connectors.connection.by-token`).
 * Tokens shared by several connections were refused by that API already (no company can be told from
 * them): they are blanked here, so the answer for them stays ERR_INVALID_API_TOKEN and the index builds.
 */
export class PhoneContactsAndTokenIndex1800000008000 implements MigrationInterface {
  name = 'PhoneContactsAndTokenIndex1800000008000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'connectors');
    await queryRunner.query(`
      CREATE TABLE ${s}.whatsapp_phone_contacts (
        connection_id integer NOT NULL REFERENCES ${s}.connections(id) ON DELETE CASCADE,
        company_id integer NOT NULL,
        jid varchar(128) NOT NULL,
        lid varchar(64),
        number varchar(32),
        -- the name saved on the phone, and the one the person set (or the chat's)
        name varchar(255),
        notify varchar(255),
        in_contacts boolean NOT NULL DEFAULT false,
        in_chats boolean NOT NULL DEFAULT false,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (connection_id, jid)
      )`);
    await queryRunner.query(
      `CREATE INDEX whatsapp_phone_contacts_company_idx ON ${s}.whatsapp_phone_contacts (company_id, connection_id)`,
    );
    await queryRunner.query(`
      UPDATE ${s}.connections SET token = NULL
       WHERE token IN (
         SELECT token FROM ${s}.connections WHERE token <> '' GROUP BY token HAVING count(*) > 1
       )`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX connections_token_uq ON ${s}.connections (token) WHERE token <> ''`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const s = migrationSchemaOf(queryRunner, 'connectors');
    await queryRunner.query(`DROP INDEX IF EXISTS ${s}.connections_token_uq`);
    await queryRunner.query(`DROP TABLE IF EXISTS ${s}.whatsapp_phone_contacts`);
  }
}
