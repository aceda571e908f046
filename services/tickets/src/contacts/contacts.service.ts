import { Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  ContactBlockInput,
  ContactImportRow,
  ContactInput,
  ContactListQuery,
  ContactPickerQuery,
  ContactsPageSize,
  ContactUpdateInput,
  hasPermission,
  visibleContactNumber,
  normaliseContactNumber,
  randomTagColor,
  type ChannelKind,
  type ChannelPeer,
  type ContactDeletedEventData,
  type ContactEventData,
  type ContactPickerItem,
  type ContactProfile,
  type ContactRecord,
  type ContactsPage,
  type ContactTagsReply,
  type RequestContext,
  type TagEventData,
  recordId,
  Subjects,
} from '@sb/contracts';
import { requireMember, type CallContext } from '@sb/platform/context';
import { AppError, parseInput, requestedId } from '@sb/platform/errors';
import { Outbox } from '@sb/platform/outbox';
import type { EntityManager } from 'typeorm';
import { isUniqueViolation, Transactions } from '@sb/platform/db';
import { z } from 'zod';
import type { Contact } from './contact.entity.js';
import { toContactRecord } from './contact-view.js';
import { ContactsRepository, type ContactWrite } from './contacts.repository.js';
import { NumberVisibility, type NumberHiding } from '../directories/number-visibility.js';
import { recordEvent } from '../records/record-changes.js';
import { toTagRecord } from './tag-record.js';
import { TagsRepository } from './tags.repository.js';
import { BusHandler } from '@sb/platform/nest';

const ContactIdInput = z.object({ contactId: recordId });
const NumberInput = z.object({ number: z.string().trim().min(1).max(100) });

/** A contact the unique (company_id, channel, number) refused: another call stored it first. */
const duplicated = () =>
  new AppError('ERR_DUPLICATED_CONTACT', { fields: { number: ['This contact already exists.'] } });

@Injectable()
export class ContactsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly contacts: ContactsRepository,
    private readonly visibility: NumberVisibility,
    private readonly tagRows: TagsRepository,
  ) {}

  @BusHandler(Subjects.tickets.contactList)
  async page(call: CallContext, query: unknown): Promise<ContactsPage> {
    const ctx = requireMember(call);
    const filter = parseInput(ContactListQuery, query ?? {});
    const offset = (filter.pageNumber - 1) * ContactsPageSize;
    const { rows, count } = await this.contacts.page(
      ctx.companyId,
      filter,
      offset,
      ContactsPageSize,
    );
    const hide = await this.visibility.masksFor(ctx);
    return {
      contacts: await this.records(rows, hide),
      count,
      hasMore: count > offset + rows.length,
    };
  }

  @BusHandler(Subjects.tickets.contactPicker)
  async picker(call: CallContext, query: unknown): Promise<ContactPickerItem[]> {
    const ctx = requireMember(call);
    const { searchParam } = parseInput(ContactPickerQuery, query ?? {});
    const hide = await this.visibility.masksFor(ctx);
    return (await this.contacts.picker(ctx.companyId, searchParam)).map((row) => ({
      id: row.id,
      name: row.name,
      number: this.visibility.mask(row.number, row.isGroup, hide),
      channel: row.channel as ChannelKind,
    }));
  }

  @BusHandler(Subjects.tickets.contactGet)
  async get(call: CallContext, request: unknown): Promise<ContactRecord> {
    const ctx = requireMember(call);
    const id = requestedId(request);
    const row = await this.found(ctx.companyId, id);
    return (await this.records([row], await this.visibility.masksFor(ctx)))[0]!;
  }

  @BusHandler(Subjects.tickets.contactCreate)
  async create(call: CallContext, data: unknown): Promise<ContactRecord> {
    const ctx = requireMember(call);
    const input = parseInput(ContactInput, data ?? {});
    const number = normaliseContactNumber(input.number);
    if (number.length < 8)
      throw new AppError('ERR_VALIDATION', { fields: { number: ['Too Short!'] } });
    const hide = await this.visibility.of(ctx);
    try {
      return await this.transactions.inTenant(ctx.companyId, async (manager) => {
        if (await this.contacts.findByNumber(ctx.companyId, 'whatsapp', number, manager))
          throw duplicated();
        const row = await this.contacts.insert(manager, ctx.companyId, {
          name: input.name,
          number,
          email: input.email,
          disableBot: input.disableBot,
          channel: 'whatsapp',
        });
        await this.contacts.replaceExtraInfo(manager, row.id, input.extraInfo);
        return this.announce(manager, ctx.companyId, row.id, 'created', hide);
      });
    } catch (err) {
      throw isUniqueViolation(err) ? duplicated() : err;
    }
  }

  @BusHandler(Subjects.tickets.contactUpdate)
  async update(call: CallContext, request: unknown): Promise<ContactRecord> {
    const ctx = requireMember(call);
    const id = requestedId(request);
    const input = parseInput(ContactUpdateInput, request ?? {});
    const hide = await this.visibility.of(ctx);
    try {
      return await this.transactions.inTenant(ctx.companyId, async (manager) => {
        const current = await this.found(ctx.companyId, id, manager);
        const fields: ContactWrite = {};
        if (input.name !== undefined) fields.name = input.name;
        if (input.email !== undefined) fields.email = input.email;
        if (input.disableBot !== undefined) fields.disableBot = input.disableBot;
        // a masked number coming back from a user's form is not a change of number
        if (input.number !== undefined && !input.number.includes('*')) {
          const number = normaliseContactNumber(input.number, current.isGroup);
          if (!current.isGroup && number.length < 8)
            throw new AppError('ERR_VALIDATION', { fields: { number: ['Too Short!'] } });
          if (number !== current.number) {
            const other = await this.contacts.findByNumber(
              ctx.companyId,
              current.channel,
              number,
              manager,
            );
            if (other && other.id !== id) throw duplicated();
            fields.number = number;
          }
        }
        if (Object.keys(fields).length)
          await this.contacts.update(manager, ctx.companyId, id, fields);
        if (input.extraInfo) await this.contacts.replaceExtraInfo(manager, id, input.extraInfo);
        return this.announce(manager, ctx.companyId, id, 'updated', hide);
      });
    } catch (err) {
      throw isUniqueViolation(err) ? duplicated() : err;
    }
  }

  @BusHandler(Subjects.tickets.contactDelete)
  async remove(call: CallContext, request: unknown): Promise<{ id: number }> {
    const ctx = requireMember(call);
    if (!hasPermission(ctx, 'contacts-page:deleteContact')) throw new AppError('ERR_NO_PERMISSION');
    const id = requestedId(request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      if (!(await this.contacts.delete(manager, ctx.companyId, id)))
        throw new AppError('ERR_NO_CONTACT_FOUND');
      const data: ContactDeletedEventData = { contactId: id };
      await recordEvent(manager, ctx.companyId, {
        ...DomainEventTypes.tickets.contactDeleted,
        data,
      });
      return { id };
    });
  }

  @BusHandler(Subjects.tickets.contactBlock)
  async block(call: CallContext, request: unknown): Promise<ContactRecord> {
    const ctx = requireMember(call);
    const id = requestedId(request);
    const { active } = parseInput(ContactBlockInput, request ?? {});
    return this.setFlags(ctx, id, () => ({ active }));
  }

  @BusHandler(Subjects.tickets.contactToggleDisableBot)
  toggleDisableBot(call: CallContext, request: unknown): Promise<ContactRecord> {
    const ctx = requireMember(call);
    const id = requestedId(request);
    return this.setFlags(ctx, id, (row) => ({ disableBot: !row.disableBot }));
  }

  @BusHandler(Subjects.tickets.contactToggleAcceptAudio)
  toggleAcceptAudio(call: CallContext, request: unknown): Promise<ContactRecord> {
    const ctx = requireMember(call);
    const id = requestedId(request);
    return this.setFlags(ctx, id, (row) => ({ acceptAudioMessage: !row.acceptAudioMessage }));
  }

  /** GET /contacts/profile/:number: the company's contact with that number and its stored picture. */
  @BusHandler(Subjects.tickets.contactProfile)
  async profile(call: CallContext, request: unknown): Promise<ContactProfile> {
    const ctx = requireMember(call);
    const { number } = parseInput(NumberInput, request ?? {});
    const digits = normaliseContactNumber(number);
    const row = digits ? await this.contacts.findByNumber(ctx.companyId, 'whatsapp', digits) : null;
    if (!row) throw new AppError('ERR_NO_CONTACT_FOUND');
    return { contactId: row.id, urlPicture: row.urlPicture };
  }

  @BusHandler(Subjects.tickets.contactTags)
  async tags(call: CallContext, request: unknown): Promise<ContactTagsReply> {
    const ctx = requireMember(call);
    const { contactId } = parseInput(ContactIdInput, request ?? {});
    await this.found(ctx.companyId, contactId);
    return { tags: (await this.contacts.tagsOf(ctx.companyId, [contactId])).get(contactId) ?? [] };
  }

  /** POST /contactsImport and each row of an uploaded sheet: find by number, else create. */
  @BusHandler(Subjects.tickets.contactImportOne)
  async importOne(call: CallContext, data: unknown): Promise<ContactRecord> {
    const ctx = requireMember(call);
    return (await this.importRow(ctx, parseInput(ContactImportRow, data ?? {}))).contact;
  }

  /**
   * One imported row. A new number makes a contact; a known one takes the row's name and email (when
   * given). The row's tags are linked, unknown names created as contact tags; tags are only added, so
   * exporting and importing again changes nothing.
   */
  async importRow(
    ctx: RequestContext,
    row: ContactImportRow,
  ): Promise<{ contact: ContactRecord; outcome: 'created' | 'updated' }> {
    const number = normaliseContactNumber(row.number);
    if (number.length < 8)
      throw new AppError('ERR_VALIDATION', { fields: { number: ['Too Short!'] } });
    const hide = await this.visibility.of(ctx);
    try {
      return await this.transactions.inTenant(ctx.companyId, async (manager) => {
        const tagIds = await this.importedTagIds(manager, ctx, row.tags);
        const existing = await this.contacts.findByNumber(
          ctx.companyId,
          'whatsapp',
          number,
          manager,
        );
        if (existing) {
          const fields: ContactWrite = {};
          if (row.name && row.name !== existing.name) fields.name = row.name;
          if (row.email && row.email !== existing.email) fields.email = row.email;
          if (Object.keys(fields).length)
            await this.contacts.update(manager, ctx.companyId, existing.id, fields);
          const known = (await this.contacts.tagsOf(ctx.companyId, [existing.id], manager))
            .get(existing.id)
            ?.map((tag) => tag.id);
          const added = tagIds.filter((id) => !known?.includes(id));
          await this.tagRows.addContactTags(manager, existing.id, added);
          const contact =
            Object.keys(fields).length || added.length
              ? await this.announce(manager, ctx.companyId, existing.id, 'updated', hide)
              : (await this.records([existing], hide.caller, manager))[0]!;
          return { contact, outcome: 'updated' as const };
        }
        const created = await this.contacts.insert(manager, ctx.companyId, {
          name: row.name,
          number,
          email: row.email,
          channel: 'whatsapp',
        });
        await this.tagRows.addContactTags(manager, created.id, tagIds);
        const contact = tagIds.length
          ? await this.announce(manager, ctx.companyId, created.id, 'created', hide)
          : await this.announce(manager, ctx.companyId, created.id, 'created', hide, created);
        return { contact, outcome: 'created' as const };
      });
    } catch (err) {
      throw isUniqueViolation(err) ? duplicated() : err;
    }
  }

  /** The ids of a row's tag names: the company's tag of that name, else a new contact tag. */
  private async importedTagIds(
    manager: EntityManager,
    ctx: RequestContext,
    names: string[],
  ): Promise<number[]> {
    const ids: number[] = [];
    for (const name of names) {
      let tag = await this.tagRows.findByName(manager, ctx.companyId, name);
      if (!tag) {
        tag = await this.tagRows.insert(manager, ctx.companyId, {
          name,
          color: randomTagColor(),
          kanban: 0,
          userId: ctx.userId,
        });
        const data: TagEventData = { tag: toTagRecord(tag) };
        await recordEvent(manager, ctx.companyId, {
          service: 'tickets',
          entity: 'tag',
          action: 'created',
          data,
        });
      }
      if (!ids.includes(tag.id)) ids.push(tag.id);
    }
    return ids;
  }

  /**
   * The inbound flow: the contact a channel peer is, matched by number or LID so one person never
   * becomes two contacts. A known LID or a new number is stored; the name is only overwritten for groups
   * or while it still equals the number (BEHAVIOUR §4). Runs in the caller's transaction; `hideNumbers`
   * is NumberVisibility's event masking (hidden unless the caller says otherwise: fail closed).
   */
  async findOrCreateFromPeer(
    companyId: number,
    channel: ChannelKind,
    peer: ChannelPeer,
    manager: EntityManager = this.transactions.manager,
    hideNumbers = true,
    /** the contact as the caller just read it under its lock (null: none), to skip a second read */
    known?: Contact | null,
  ): Promise<ContactRecord> {
    const hide = { company: hideNumbers, caller: false };
    const number = normaliseContactNumber(peer.number, peer.isGroup);
    const lid = peer.lid?.trim() || undefined;
    const existing =
      known !== undefined
        ? known
        : await this.contacts.findByNumberOrLid(manager, companyId, channel, number, lid);
    if (!existing) {
      const row = await this.contacts.insert(manager, companyId, {
        name: peer.name?.trim() || number,
        number,
        lid: lid ?? null,
        channel,
        isGroup: peer.isGroup,
        urlPicture: peer.pictureUrl ?? null,
      });
      return this.announce(manager, companyId, row.id, 'created', hide, row);
    }
    const fields: ContactWrite = {};
    if (lid && existing.lid !== lid) fields.lid = lid;
    // a contact first known only by its LID gets its phone number once the channel tells it
    if (existing.number !== number && existing.number === existing.lid) fields.number = number;
    if (
      peer.name &&
      (existing.isGroup || existing.name === existing.number) &&
      peer.name !== existing.name
    )
      fields.name = peer.name;
    if (peer.pictureUrl && peer.pictureUrl !== existing.urlPicture)
      fields.urlPicture = peer.pictureUrl;
    if (!Object.keys(fields).length) return (await this.records([existing], false, manager))[0]!;
    await this.contacts.update(manager, companyId, existing.id, fields);
    return this.announce(manager, companyId, existing.id, 'updated', hide);
  }

  /**
   * Contacts met for the first time by a round of inbound messages (of any companies, none of them
   * known under its number or LID): one insert and one statement for their created events.
   */
  async createFromPeers(
    manager: EntityManager,
    peers: { companyId: number; channel: ChannelKind; peer: ChannelPeer; hideNumbers: boolean }[],
  ): Promise<Contact[]> {
    const rows = await this.contacts.insertMany(
      manager,
      peers.map(({ companyId, channel, peer }) => {
        const number = normaliseContactNumber(peer.number, peer.isGroup);
        return {
          companyId,
          name: peer.name?.trim() || number,
          number,
          lid: peer.lid?.trim() || null,
          channel,
          isGroup: peer.isGroup,
          urlPicture: peer.pictureUrl ?? null,
        };
      }),
    );
    await Outbox.addMany(
      manager,
      rows.map((row, index) => {
        const plain = toContactRecord(row, [], [], false);
        const contact: ContactRecord = {
          ...plain,
          number: visibleContactNumber(row.number, row.isGroup, peers[index]!.hideNumbers),
        };
        return {
          companyId: row.companyId,
          service: 'tickets' as const,
          entity: 'contact',
          action: 'created',
          data: { contact } satisfies ContactEventData,
        };
      }),
    );
    return rows;
  }

  private async setFlags(
    ctx: RequestContext,
    id: number,
    change: (row: Contact) => ContactWrite,
  ): Promise<ContactRecord> {
    const hide = await this.visibility.of(ctx);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.found(ctx.companyId, id, manager);
      await this.contacts.update(manager, ctx.companyId, id, change(row));
      return this.announce(manager, ctx.companyId, id, 'updated', hide);
    });
  }

  /**
   * Reads the contact back and records its event. The event goes to every socket of the company, so its
   * number is masked whenever the company hides numbers (admins reload it through the API).
   */
  private async announce(
    manager: EntityManager,
    companyId: number,
    id: number,
    action: 'created' | 'updated',
    hide: NumberHiding,
    /** the row just inserted (read back by its INSERT): no extra info or tags yet, nothing to read */
    inserted?: Contact,
  ): Promise<ContactRecord> {
    const row = inserted ?? (await this.found(companyId, id, manager));
    const [plain] = inserted
      ? [toContactRecord(inserted, [], [], false)]
      : await this.records([row], false, manager);
    const contact: ContactRecord = {
      ...plain!,
      number: visibleContactNumber(row.number, row.isGroup, hide.company),
    };
    const data: ContactEventData = { contact };
    await recordEvent(manager, companyId, { service: 'tickets', entity: 'contact', action, data });
    return hide.caller ? contact : plain!;
  }

  private async found(companyId: number, id: number, manager?: EntityManager): Promise<Contact> {
    const row = await this.contacts.findById(companyId, id, manager);
    if (!row) throw new AppError('ERR_NO_CONTACT_FOUND');
    return row;
  }

  /** Records of one company's contacts. */
  private async records(
    rows: Contact[],
    hide: boolean,
    manager?: EntityManager,
  ): Promise<ContactRecord[]> {
    if (!rows.length) return [];
    const ids = rows.map((row) => row.id);
    const [extraInfo, tags] = await Promise.all([
      this.contacts.extraInfoOf(ids, manager),
      this.contacts.tagsOf(rows[0]!.companyId, ids, manager),
    ]);
    return rows.map((row) =>
      toContactRecord(row, extraInfo.get(row.id) ?? [], tags.get(row.id) ?? [], hide),
    );
  }
}
