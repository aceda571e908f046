import { Injectable } from '@nestjs/common';
import type { TagAudienceContact } from '@sb/contracts';
import { Transactions, containsPattern } from '@sb/platform/db';
import type { EntityManager } from 'typeorm';
import { searchText } from './contact-search.js';
import { Tag } from './tag.entity.js';

export type TagCounts = { contactsCount: number; ticketsCount: number };

/** Every method is scoped by companyId. */
@Injectable()
export class TagsRepository {
  constructor(private readonly transactions: Transactions) {}

  findById(companyId: number, id: number, within?: EntityManager): Promise<Tag | null> {
    return this.transactions.read(
      companyId,
      (manager) => manager.getRepository(Tag).findOneBy({ companyId, id }),
      within,
    );
  }

  async page(
    companyId: number,
    filter: { search: string; kanban?: number },
    offset: number,
    limit: number,
  ): Promise<{ rows: Tag[]; count: number }> {
    return this.transactions.read(companyId, async (manager) => {
      const query = manager
        .getRepository(Tag)
        .createQueryBuilder('t')
        .where('t.company_id = :companyId', { companyId });
      if (filter.search)
        query.andWhere(
          "translate(lower(t.name), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn') LIKE :name",
          { name: containsPattern(searchText(filter.search)) },
        );
      if (filter.kanban !== undefined)
        query.andWhere('t.kanban = :kanban', { kanban: filter.kanban });
      const [rows, count] = await query
        .orderBy('t.name', 'ASC')
        .addOrderBy('t.id', 'ASC')
        .skip(offset)
        .take(limit)
        .getManyAndCount();
      return { rows, count };
    });
  }

  all(companyId: number, kanban?: number): Promise<Tag[]> {
    return this.transactions.read(companyId, (manager) =>
      manager.getRepository(Tag).find({
        where: kanban === undefined ? { companyId } : { companyId, kanban },
        order: { name: 'ASC', id: 'ASC' },
      }),
    );
  }

  async counts(
    companyId: number,
    tagIds: number[],
    within?: EntityManager,
  ): Promise<Map<number, TagCounts>> {
    const result = new Map<number, TagCounts>();
    if (!tagIds.length) return result;
    const rows: { id: number; contacts: string; tickets: string }[] = await this.transactions.query(
      companyId,
      `SELECT t.id,
                  (SELECT count(*) FROM contact_tags ct WHERE ct.tag_id = t.id) AS contacts,
                  (SELECT count(*) FROM ticket_tags tt WHERE tt.tag_id = t.id) AS tickets
             FROM tags t WHERE t.company_id = $1 AND t.id = ANY($2)`,
      [companyId, tagIds],
      within,
    );
    for (const row of rows)
      result.set(row.id, {
        contactsCount: Number(row.contacts),
        ticketsCount: Number(row.tickets),
      });
    return result;
  }

  async insert(
    manager: EntityManager,
    companyId: number,
    fields: Pick<Tag, 'name' | 'color' | 'kanban' | 'userId'>,
  ): Promise<Tag> {
    const repository = manager.getRepository(Tag);
    return repository.save(repository.create({ ...fields, companyId }));
  }

  async update(
    manager: EntityManager,
    companyId: number,
    id: number,
    fields: Partial<Pick<Tag, 'name' | 'color' | 'kanban'>>,
  ): Promise<void> {
    await manager.getRepository(Tag).update({ companyId, id }, fields);
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const result = await manager.getRepository(Tag).delete({ companyId, id });
    return (result.affected ?? 0) > 0;
  }

  /** The tags of `tagIds` that belong to the company (ids of other companies drop out). */
  async ownedIds(manager: EntityManager, companyId: number, tagIds: number[]): Promise<number[]> {
    if (!tagIds.length) return [];
    const rows: { id: number }[] = await manager.query(
      'SELECT id FROM tags WHERE company_id = $1 AND id = ANY($2)',
      [companyId, tagIds],
    );
    return rows.map((row) => row.id);
  }

  /** A tag's contacts reachable by phone number (WhatsApp channels, not blocked, not groups), a number once. */
  async audience(companyId: number, tagId: number): Promise<TagAudienceContact[]> {
    return this.transactions.query(
      companyId,
      `SELECT DISTINCT ON (c.number) c.number, c.name, c.email FROM contact_tags ct
           JOIN contacts c ON c.id = ct.contact_id
          WHERE ct.tag_id = $2 AND c.company_id = $1 AND c.active AND NOT c.is_group
            AND c.channel IN ('whatsapp', 'whatsappapi') AND c.number ~ '^[0-9]{8,20}$'
          ORDER BY c.number, c.id`,
      [companyId, tagId],
    );
  }

  async replaceContactTags(manager: EntityManager, contactId: number, tagIds: number[]) {
    await manager.query('DELETE FROM contact_tags WHERE contact_id = $1', [contactId]);
    if (tagIds.length)
      await manager.query(
        'INSERT INTO contact_tags (contact_id, tag_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
        [contactId, tagIds],
      );
  }

  /** Links tags to a contact, keeping the ones it has (the contact import adds, never removes). */
  async addContactTags(manager: EntityManager, contactId: number, tagIds: number[]) {
    if (!tagIds.length) return;
    await manager.query(
      'INSERT INTO contact_tags (contact_id, tag_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
      [contactId, tagIds],
    );
  }

  /** The company's tag of that name (any case), a contact tag (kanban 0) before a kanban one. */
  findByName(manager: EntityManager, companyId: number, name: string): Promise<Tag | null> {
    return manager
      .getRepository(Tag)
      .createQueryBuilder('t')
      .where('t.company_id = :companyId', { companyId })
      .andWhere('lower(t.name) = lower(:name)', { name })
      .orderBy('t.kanban', 'ASC')
      .addOrderBy('t.id', 'ASC')
      .getOne();
  }
}
