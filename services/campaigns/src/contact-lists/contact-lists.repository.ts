import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { TablesRepository } from '../company-row.repository.js';
import { containsPattern, readCompanyPage, type Page } from '@sb/platform/db';

export type ContactListRow = {
  id: number;
  company_id: number;
  name: string;
  contacts_count: number;
  created_at: Date;
  updated_at: Date;
};

export type ContactListItemRow = {
  id: number;
  company_id: number;
  contact_list_id: number;
  name: string;
  number: string;
  email: string;
  is_whatsapp_valid: boolean | null;
  created_at: Date;
  updated_at: Date;
};

export type ItemWrite = { name: string; number: string; email: string };

const listColumns = `l.id, l.company_id, l.name, l.created_at, l.updated_at,
  (SELECT count(*)::int FROM contact_list_items i WHERE i.contact_list_id = l.id) AS contacts_count`;

/** The contact lists and their items. Every method takes the company first. */
@Injectable()
export class ContactListsRepository extends TablesRepository {
  async page(
    companyId: number,
    search: string,
    offset: number,
    limit: number,
  ): Promise<Page<ContactListRow>> {
    return readCompanyPage(
      this.transactions,
      companyId,
      `SELECT ${listColumns} FROM contact_lists l
        WHERE l.company_id = $1 AND ($2 = '' OR l.name ILIKE $3)
        ORDER BY l.name, l.id`,
      [companyId, search, containsPattern(search)],
      { offset, limit },
    );
  }

  async all(companyId: number): Promise<ContactListRow[]> {
    return this.transactions.query(
      companyId,
      `SELECT ${listColumns} FROM contact_lists l WHERE l.company_id = $1 ORDER BY l.name, l.id`,
      [companyId],
    );
  }

  async find(
    companyId: number,
    id: number,
    manager?: EntityManager,
  ): Promise<ContactListRow | undefined> {
    const rows: ContactListRow[] = await this.transactions.query(
      companyId,
      `SELECT ${listColumns} FROM contact_lists l WHERE l.company_id = $1 AND l.id = $2`,
      [companyId, id],
      manager,
    );
    return rows[0];
  }

  /** Takes the list's row for the rest of the transaction (an import and a delete do not cross). */
  async lock(companyId: number, id: number, manager: EntityManager): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT id FROM contact_lists WHERE company_id = $1 AND id = $2 FOR UPDATE',
      [companyId, id],
    );
    return rows.length > 0;
  }

  async insert(manager: EntityManager, companyId: number, name: string): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      'INSERT INTO contact_lists (company_id, name) VALUES ($1, $2) RETURNING id',
      [companyId, name],
    );
    return rows[0]!.id;
  }

  async rename(manager: EntityManager, companyId: number, id: number, name: string) {
    await manager.query(
      'UPDATE contact_lists SET name = $3, updated_at = now() WHERE company_id = $1 AND id = $2',
      [companyId, id, name],
    );
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await manager.query('DELETE FROM contact_lists WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
    ]);
  }

  // items

  async itemPage(
    companyId: number,
    listId: number,
    search: string,
    offset: number,
    limit: number,
  ): Promise<Page<ContactListItemRow>> {
    return readCompanyPage(
      this.transactions,
      companyId,
      `SELECT * FROM contact_list_items
        WHERE company_id = $1 AND contact_list_id = $2
          AND ($3 = '' OR name ILIKE $4 OR number ILIKE $4 OR email ILIKE $4)
        ORDER BY id DESC`,
      [companyId, listId, search, containsPattern(search)],
      { offset, limit },
    );
  }

  async findItem(
    companyId: number,
    id: number,
    manager?: EntityManager,
  ): Promise<ContactListItemRow | undefined> {
    const rows: ContactListItemRow[] = await this.transactions.query(
      companyId,
      'SELECT * FROM contact_list_items WHERE company_id = $1 AND id = $2',
      [companyId, id],
      manager,
    );
    return rows[0];
  }

  async numberTaken(
    manager: EntityManager,
    companyId: number,
    listId: number,
    number: string,
    exceptId: number | null,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM contact_list_items
        WHERE company_id = $1 AND contact_list_id = $2 AND number = $3
          AND ($4::integer IS NULL OR id <> $4)`,
      [companyId, listId, number, exceptId],
    );
    return rows.length > 0;
  }

  async insertItem(
    manager: EntityManager,
    companyId: number,
    listId: number,
    item: ItemWrite,
  ): Promise<number> {
    const rows: { id: number }[] = await manager.query(
      `INSERT INTO contact_list_items (company_id, contact_list_id, name, number, email)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [companyId, listId, item.name, item.number, item.email],
    );
    return rows[0]!.id;
  }

  /** A changed number is checked again (its validity is unknown until then). */
  async updateItem(
    manager: EntityManager,
    companyId: number,
    id: number,
    item: ItemWrite,
  ): Promise<void> {
    await manager.query(
      `UPDATE contact_list_items
          SET name = $3, email = $5, updated_at = now(),
              is_whatsapp_valid = CASE WHEN number = $4 THEN is_whatsapp_valid ELSE NULL END,
              number = $4
        WHERE company_id = $1 AND id = $2`,
      [companyId, id, item.name, item.number, item.email],
    );
  }

  async deleteItem(manager: EntityManager, companyId: number, id: number): Promise<void> {
    await manager.query('DELETE FROM contact_list_items WHERE company_id = $1 AND id = $2', [
      companyId,
      id,
    ]);
  }

  /**
   * Adds or updates many items of a list in one statement (one array parameter per column): a number
   * already in the list keeps its row and gets the sheet's name and email. Answers how many were new.
   */
  async upsertItems(
    manager: EntityManager,
    companyId: number,
    listId: number,
    items: ItemWrite[],
  ): Promise<{ added: number; updated: number }> {
    if (items.length === 0) return { added: 0, updated: 0 };
    const rows: { inserted: boolean }[] = await manager.query(
      `INSERT INTO contact_list_items (company_id, contact_list_id, name, number, email)
       SELECT $1, $2, t.name, t.number, t.email
         FROM unnest($3::text[], $4::text[], $5::text[]) AS t(name, number, email)
       ON CONFLICT (contact_list_id, number)
       DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, updated_at = now()
       RETURNING (xmax = 0) AS inserted`,
      [
        companyId,
        listId,
        items.map((item) => item.name),
        items.map((item) => item.number),
        items.map((item) => item.email),
      ],
    );
    const added = rows.filter((row) => row.inserted).length;
    return { added, updated: rows.length - added };
  }

  /** Items of a list whose number was not checked yet, oldest first. */
  async unchecked(
    companyId: number,
    listId: number,
    afterId: number,
    limit: number,
  ): Promise<Pick<ContactListItemRow, 'id' | 'number'>[]> {
    return this.transactions.query(
      companyId,
      `SELECT id, number FROM contact_list_items
        WHERE company_id = $1 AND contact_list_id = $2 AND is_whatsapp_valid IS NULL AND id > $3
        ORDER BY id LIMIT $4`,
      [companyId, listId, afterId, limit],
    );
  }

  /**
   * The check's answer; the number the channel knows replaces the typed one unless the list already
   * holds it. Answers the row, or undefined when it is gone.
   */
  async markChecked(
    companyId: number,
    id: number,
    valid: boolean,
    number: string | null,
  ): Promise<ContactListItemRow | undefined> {
    const rows: ContactListItemRow[] = await this.dataSource.query(
      `UPDATE contact_list_items i
          SET is_whatsapp_valid = $3, updated_at = now(),
              number = CASE WHEN $4::text IS NULL OR EXISTS (
                SELECT 1 FROM contact_list_items o
                 WHERE o.contact_list_id = i.contact_list_id AND o.number = $4 AND o.id <> i.id)
                THEN i.number ELSE $4 END
        WHERE company_id = $1 AND id = $2
        RETURNING *`,
      [companyId, id, valid, number],
    );
    return (Array.isArray(rows[0]) ? (rows[0] as ContactListItemRow[]) : rows)[0];
  }

  /** The ids of these kinds that are the company's rows. */
  // campaign settings (key and JSON value pairs)

  async settings(companyId: number): Promise<Record<string, unknown>> {
    return this.transactions.read(companyId, async (manager) => {
      const rows: { key: string; value: unknown }[] = await manager.query(
        'SELECT key, value FROM campaign_settings WHERE company_id = $1',
        [companyId],
      );
      return Object.fromEntries(rows.map((row) => [row.key, row.value]));
    });
  }

  async saveSettings(
    manager: EntityManager,
    companyId: number,
    values: Record<string, unknown>,
  ): Promise<void> {
    const entries = Object.entries(values);
    await manager.query(
      `INSERT INTO campaign_settings (company_id, key, value)
       SELECT $1, t.key, t.value::jsonb FROM unnest($2::text[], $3::text[]) AS t(key, value)
       ON CONFLICT (company_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [companyId, entries.map(([key]) => key), entries.map(([, value]) => JSON.stringify(value))],
    );
  }
}
