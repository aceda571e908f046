import type { PhoneContact, PhoneContactsCommand } from '@sb/contracts';
import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import { DataSource } from 'typeorm';
import { phoneContactsOf, type PhoneContactEntry, type PhoneContactRow } from './phone-contacts.js';

/** Rows per INSERT: a history sync of a large phone reports thousands of people at once. */
export const PhoneContactsBatchSize = 500;

/** Where a Baileys session keeps the people its phone reported; any worker answers from it. */
export type PhoneBook = {
  save(companyId: number, connectionId: number, entries: PhoneContactEntry[]): Promise<void>;
  list(
    companyId: number,
    connectionId: number,
    source: PhoneContactsCommand['source'],
  ): Promise<PhoneContact[]>;
};

type StoredRow = {
  jid: string;
  lid: string | null;
  number: string | null;
  name: string | null;
  notify: string | null;
  in_contacts: boolean;
  in_chats: boolean;
};

/** whatsapp_phone_contacts (connectors schema); every read is scoped by company and connection. */
@Injectable()
export class PhoneContactsRepository implements PhoneBook {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  /**
   * Upserts in batches (entries already merged: one per jid). A report fills what the row lacked and
   * renames it (a chat's name only fills a missing one); the source flags only ever get set.
   */
  async save(companyId: number, connectionId: number, entries: PhoneContactEntry[]): Promise<void> {
    for (let start = 0; start < entries.length; start += PhoneContactsBatchSize) {
      const batch = entries.slice(start, start + PhoneContactsBatchSize);
      await this.dataSource.query(
        `INSERT INTO whatsapp_phone_contacts
           (connection_id, company_id, jid, lid, number, name, notify, in_contacts, in_chats)
         SELECT $1, $2, e.jid, e.lid, e.number, e.name, e.notify, e.in_contacts, e.in_chats
           FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bool[], $9::bool[])
             AS e(jid, lid, number, name, notify, in_contacts, in_chats)
         ON CONFLICT (connection_id, jid) DO UPDATE SET
           lid = COALESCE(EXCLUDED.lid, whatsapp_phone_contacts.lid),
           number = COALESCE(EXCLUDED.number, whatsapp_phone_contacts.number),
           name = COALESCE(EXCLUDED.name, whatsapp_phone_contacts.name),
           notify = CASE WHEN EXCLUDED.in_chats AND NOT EXCLUDED.in_contacts
             THEN COALESCE(whatsapp_phone_contacts.notify, EXCLUDED.notify)
             ELSE COALESCE(EXCLUDED.notify, whatsapp_phone_contacts.notify) END,
           in_contacts = whatsapp_phone_contacts.in_contacts OR EXCLUDED.in_contacts,
           in_chats = whatsapp_phone_contacts.in_chats OR EXCLUDED.in_chats,
           updated_at = now()`,
        [
          connectionId,
          companyId,
          batch.map((entry) => entry.jid),
          batch.map((entry) => entry.lid),
          batch.map((entry) => entry.number),
          batch.map((entry) => entry.name),
          batch.map((entry) => entry.notify),
          batch.map((entry) => entry.inContacts),
          batch.map((entry) => entry.inChats),
        ],
      );
    }
  }

  async list(
    companyId: number,
    connectionId: number,
    source: PhoneContactsCommand['source'],
  ): Promise<PhoneContact[]> {
    return this.transactions.read(companyId, async (manager) => {
      const stored = (await manager.query(
        `SELECT jid, lid, number, name, notify, in_contacts, in_chats
         FROM whatsapp_phone_contacts
        WHERE company_id = $1 AND connection_id = $2`,
        [companyId, connectionId],
      )) as StoredRow[];
      const own = (await manager.query(
        `SELECT number FROM connections WHERE company_id = $1 AND id = $2`,
        [companyId, connectionId],
      )) as { number: string | null }[];
      const rows: PhoneContactRow[] = stored.map((row) => ({
        jid: row.jid,
        lid: row.lid,
        number: row.number,
        name: row.name,
        notify: row.notify,
        inContacts: row.in_contacts,
        inChats: row.in_chats,
      }));
      return phoneContactsOf(
        rows,
        source,
        own.map((row) => row.number),
      );
    });
  }
}
