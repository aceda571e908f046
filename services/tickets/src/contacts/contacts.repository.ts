import { Injectable } from '@nestjs/common';
import type { ContactListQuery, ContactTagRef } from '@sb/contracts';
import { DataSource, In, type EntityManager } from 'typeorm';
import { bulkInsert, Transactions, containsPattern } from '@sb/platform/db';
import { Contact, ContactExtraInfoRow } from './contact.entity.js';
import { searchText } from './contact-search.js';

export type ContactWrite = Partial<
  Pick<
    Contact,
    | 'name'
    | 'number'
    | 'lid'
    | 'email'
    | 'channel'
    | 'isGroup'
    | 'active'
    | 'disableBot'
    | 'acceptAudioMessage'
    | 'urlPicture'
  >
>;

/** Every method is scoped by companyId. */
@Injectable()
export class ContactsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  findById(companyId: number, id: number, within?: EntityManager): Promise<Contact | null> {
    return this.transactions.read(
      companyId,
      (manager) => manager.getRepository(Contact).findOneBy({ companyId, id }),
      within,
    );
  }

  findByNumber(
    companyId: number,
    channel: string,
    number: string,
    within?: EntityManager,
  ): Promise<Contact | null> {
    return this.transactions.read(
      companyId,
      (manager) => manager.getRepository(Contact).findOneBy({ companyId, channel, number }),
      within,
    );
  }

  /** The inbound match: the number or the LID, either may be what the channel sent this time. */
  async findByNumberOrLid(
    manager: EntityManager,
    companyId: number,
    channel: string,
    number: string,
    lid: string | undefined,
  ): Promise<Contact | null> {
    const query = manager
      .getRepository(Contact)
      .createQueryBuilder('c')
      .where('c.company_id = :companyId AND c.channel = :channel', { companyId, channel })
      .andWhere(lid ? '(c.number = :number OR c.lid = :lid)' : 'c.number = :number', {
        number,
        lid,
      })
      // the row with the phone number wins over one known only by its LID
      .orderBy('CASE WHEN c.number = :number THEN 0 ELSE 1 END', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .setParameter('number', number);
    return query.getOne();
  }

  async page(
    companyId: number,
    filter: ContactListQuery,
    offset: number,
    limit: number,
  ): Promise<{ rows: Contact[]; count: number }> {
    const page = async (manager: EntityManager) => {
      const query = manager
        .getRepository(Contact)
        .createQueryBuilder('c')
        .where('c.company_id = :companyId', { companyId });
      if (filter.searchParam) {
        const digits = filter.searchParam.replace(/\D/g, '');
        const clauses = ['c.search_name LIKE :name'];
        if (digits) clauses.push('c.number LIKE :digits');
        query.andWhere(`(${clauses.join(' OR ')})`, {
          name: containsPattern(searchText(filter.searchParam)),
          digits: containsPattern(digits),
        });
      }
      if (filter.channel) query.andWhere('c.channel = :channel', { channel: filter.channel });
      if (filter.isGroup !== undefined)
        query.andWhere('c.is_group = :isGroup', { isGroup: filter.isGroup });
      if (filter.contactTag?.length)
        query.andWhere(
          'EXISTS (SELECT 1 FROM contact_tags ct WHERE ct.contact_id = c.id AND ct.tag_id IN (:...tagIds))',
          { tagIds: filter.contactTag },
        );
      // CAST rather than `:name::date`: TypeORM reads `::date` after a parameter named `date` as
      // that parameter again (GET /contacts?date= answered 500)
      if (filter.date)
        query.andWhere('c.created_at::date = CAST(:day AS date)', { day: filter.date });
      if (filter.dateStart)
        query.andWhere('c.created_at >= CAST(:dateStart AS date)', { dateStart: filter.dateStart });
      if (filter.dateEnd)
        query.andWhere("c.created_at < CAST(:dateEnd AS date) + interval '1 day'", {
          dateEnd: filter.dateEnd,
        });
      const [rows, count] = await query
        .orderBy('c.name', 'ASC')
        .addOrderBy('c.id', 'ASC')
        .skip(offset)
        .take(limit)
        .getManyAndCount();
      return { rows, count };
    };
    return filter.searchParam
      ? this.transactions.textSearch(companyId, page)
      : this.transactions.read(companyId, page);
  }

  picker(companyId: number, search: string): Promise<Contact[]> {
    const pick = async (manager: EntityManager) => {
      const query = manager
        .getRepository(Contact)
        .createQueryBuilder('c')
        .where('c.company_id = :companyId', { companyId });
      if (search) {
        const digits = search.replace(/\D/g, '');
        query.andWhere(
          digits
            ? '(c.search_name LIKE :name OR c.number LIKE :digits)'
            : 'c.search_name LIKE :name',
          {
            name: containsPattern(searchText(search)),
            digits: containsPattern(digits),
          },
        );
      }
      return query.orderBy('c.name', 'ASC').addOrderBy('c.id', 'ASC').take(100).getMany();
    };
    return search
      ? this.transactions.textSearch(companyId, pick)
      : this.transactions.read(companyId, pick);
  }

  async insert(manager: EntityManager, companyId: number, fields: ContactWrite): Promise<Contact> {
    const repository = manager.getRepository(Contact);
    return repository.save(
      repository.create({ ...fields, companyId, searchName: searchText(fields.name ?? '') }),
    );
  }

  /** New contacts of any companies with one statement, read back with their ids and defaults. */
  async insertMany(
    manager: EntityManager,
    rows: (ContactWrite & { companyId: number })[],
  ): Promise<Contact[]> {
    return bulkInsert(
      manager,
      Contact,
      rows.map((fields) => ({ ...fields, searchName: searchText(fields.name ?? '') })),
    );
  }

  async update(
    manager: EntityManager,
    companyId: number,
    id: number,
    fields: ContactWrite,
  ): Promise<void> {
    const write: Partial<Contact> = { ...fields };
    if (fields.name !== undefined) write.searchName = searchText(fields.name);
    await manager.getRepository(Contact).update({ companyId, id }, write);
  }

  /** The contact accepted the data-protection terms the bot asked about (LGPD). */
  async acceptLgpd(manager: EntityManager, companyId: number, id: number, at: Date): Promise<void> {
    await manager.getRepository(Contact).update({ companyId, id }, { lgpdAcceptedAt: at });
  }

  async delete(manager: EntityManager, companyId: number, id: number): Promise<boolean> {
    const result = await manager.getRepository(Contact).delete({ companyId, id });
    return (result.affected ?? 0) > 0;
  }

  async replaceExtraInfo(
    manager: EntityManager,
    contactId: number,
    extraInfo: { name: string; value: string }[],
  ): Promise<void> {
    const repository = manager.getRepository(ContactExtraInfoRow);
    await repository.delete({ contactId });
    if (extraInfo.length)
      await repository.insert(extraInfo.map((info) => ({ ...info, contactId })));
  }

  async extraInfoOf(
    contactIds: number[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<number, ContactExtraInfoRow[]>> {
    const byContact = new Map<number, ContactExtraInfoRow[]>();
    if (!contactIds.length) return byContact;
    const rows = await manager
      .getRepository(ContactExtraInfoRow)
      .find({ where: { contactId: In(contactIds) }, order: { id: 'ASC' } });
    for (const row of rows)
      byContact.set(row.contactId, [...(byContact.get(row.contactId) ?? []), row]);
    return byContact;
  }

  /** The company's tags on these contacts (contact_tags has no company: the tags carry it). */
  async tagsOf(
    companyId: number,
    contactIds: number[],
    within?: EntityManager,
  ): Promise<Map<number, ContactTagRef[]>> {
    const byContact = new Map<number, ContactTagRef[]>();
    if (!contactIds.length) return byContact;
    const rows: { contact_id: number; id: number; name: string; color: string }[] =
      await this.transactions.query(
        companyId,
        `SELECT ct.contact_id, t.id, t.name, t.color
               FROM contact_tags ct JOIN tags t ON t.id = ct.tag_id AND t.company_id = $2
              WHERE ct.contact_id = ANY($1) ORDER BY t.name, t.id`,
        [contactIds, companyId],
        within,
      );
    for (const { contact_id, ...tag } of rows)
      byContact.set(contact_id, [...(byContact.get(contact_id) ?? []), tag]);
    return byContact;
  }
}
