import { Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  TagInput,
  TagListQuery,
  TagPickerQuery,
  TagsPageSize,
  TagSyncInput,
  TagUpdateInput,
  type TagDeletedEventData,
  type TagEventData,
  type TagAudienceReply,
  type TagRecord,
  type TagsPage,
  type TagSyncReply,
  recordId,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireMember } from '@sb/platform/context';
import { AppError, parseInput, requestedId } from '@sb/platform/errors';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { Transactions } from '@sb/platform/db';
import { ContactsRepository } from '../contacts/contacts.repository.js';
import { recordEvent } from '../records/record-changes.js';
import type { Tag } from '../contacts/tag.entity.js';
import { toTagRecord } from '../contacts/tag-record.js';
import { TagsRepository } from '../contacts/tags.repository.js';
import { BusHandler } from '@sb/platform/nest';

const AudienceRequest = z.object({
  id: recordId.max(2_147_483_647),
  countOnly: z.boolean().optional(),
});

@Injectable()
export class TagsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly tags: TagsRepository,
    private readonly contacts: ContactsRepository,
  ) {}

  @BusHandler(Subjects.tickets.tagList)
  async page(call: CallContext, query: unknown): Promise<TagsPage> {
    const ctx = requireMember(call);
    const filter = parseInput(TagListQuery, query ?? {});
    const offset = filter.offset ?? (filter.pageNumber - 1) * TagsPageSize;
    const { rows, count } = await this.tags.page(
      ctx.companyId,
      { search: filter.searchParam, kanban: filter.kanban },
      offset,
      TagsPageSize,
    );
    return { tags: await this.records(rows), count, hasMore: count > offset + rows.length };
  }

  @BusHandler(Subjects.tickets.tagPicker)
  async picker(call: CallContext, query: unknown): Promise<TagRecord[]> {
    const ctx = requireMember(call);
    const { kanban } = parseInput(TagPickerQuery, query ?? {});
    return this.records(await this.tags.all(ctx.companyId, kanban));
  }

  @BusHandler(Subjects.tickets.tagKanban)
  async kanban(call: CallContext): Promise<TagRecord[]> {
    const ctx = requireMember(call);
    return this.records(await this.tags.all(ctx.companyId, 1));
  }

  @BusHandler(Subjects.tickets.tagGet)
  async get(call: CallContext, request: unknown): Promise<TagRecord> {
    const ctx = requireMember(call);
    const id = requestedId(request);
    return (await this.records([await this.found(ctx.companyId, id)]))[0]!;
  }

  /**
   * A campaign's tag audience (asked by the campaigns service for an admin): the tag, and its contacts
   * a campaign can reach, by phone number on WhatsApp, not blocked, not groups.
   */
  @BusHandler(Subjects.tickets.tagAudience)
  async audience(call: CallContext, request: unknown): Promise<TagAudienceReply> {
    // a service's call for the company (the campaigns dispatcher has no user); never routed from HTTP
    if (!(call.companyId > 0)) throw new AppError('ERR_SESSION_EXPIRED');
    const ctx = call;
    const { id, countOnly } = parseInput(AudienceRequest, request ?? {});
    const tag = await this.found(ctx.companyId, id);
    const contacts = await this.tags.audience(ctx.companyId, id);
    return {
      tag: { id: tag.id, name: tag.name },
      count: contacts.length,
      contacts: countOnly ? [] : contacts,
    };
  }

  /** Tags are created with the current user's id (spec 3 §6). */
  @BusHandler(Subjects.tickets.tagCreate)
  async create(call: CallContext, data: unknown): Promise<TagRecord> {
    const ctx = requireMember(call);
    const input = parseInput(TagInput, data ?? {});
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.tags.insert(manager, ctx.companyId, { ...input, userId: ctx.userId });
      return this.announce(manager, ctx.companyId, row.id, 'created');
    });
  }

  @BusHandler(Subjects.tickets.tagUpdate)
  async update(call: CallContext, request: unknown): Promise<TagRecord> {
    const ctx = requireMember(call);
    const id = requestedId(request);
    const input = parseInput(TagUpdateInput, request ?? {});
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.found(ctx.companyId, id, manager);
      await this.tags.update(manager, ctx.companyId, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
        ...(input.kanban !== undefined ? { kanban: input.kanban } : {}),
      });
      return this.announce(manager, ctx.companyId, id, 'updated');
    });
  }

  /** Deleting a tag is an admin action (BEHAVIOUR §9); its contact and ticket links go with it. */
  @BusHandler(Subjects.tickets.tagDelete)
  async remove(call: CallContext, request: unknown): Promise<{ id: number }> {
    const ctx = requireMember(call);
    if (ctx.profile !== 'admin' && !ctx.super) throw new AppError('ERR_NO_PERMISSION');
    const id = requestedId(request);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      if (!(await this.tags.delete(manager, ctx.companyId, id)))
        throw new AppError('ERR_NO_TAG_FOUND');
      const data: TagDeletedEventData = { tagId: id };
      await recordEvent(manager, ctx.companyId, { ...DomainEventTypes.tickets.tagDeleted, data });
      return { id };
    });
  }

  /** POST /tags/sync: the contact's tags become exactly the given ones (of this company). */
  @BusHandler(Subjects.tickets.tagSync)
  async sync(call: CallContext, data: unknown): Promise<TagSyncReply> {
    const ctx = requireMember(call);
    const { contactId, tags } = parseInput(TagSyncInput, data ?? {});
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      if (!(await this.contacts.findById(ctx.companyId, contactId, manager)))
        throw new AppError('ERR_NO_CONTACT_FOUND');
      const owned = await this.tags.ownedIds(manager, ctx.companyId, [...new Set(tags)]);
      if (owned.length !== new Set(tags).size) throw new AppError('ERR_NO_TAG_FOUND');
      await this.tags.replaceContactTags(manager, contactId, owned);
      const linked =
        (await this.contacts.tagsOf(ctx.companyId, [contactId], manager)).get(contactId) ?? [];
      return { contactId, tags: linked };
    });
  }

  private async announce(
    manager: EntityManager,
    companyId: number,
    id: number,
    action: 'created' | 'updated',
  ): Promise<TagRecord> {
    const [tag] = await this.records([await this.found(companyId, id, manager)], manager);
    const data: TagEventData = { tag: tag! };
    await recordEvent(manager, companyId, { service: 'tickets', entity: 'tag', action, data });
    return tag!;
  }

  private async found(companyId: number, id: number, manager?: EntityManager): Promise<Tag> {
    const row = await this.tags.findById(companyId, id, manager);
    if (!row) throw new AppError('ERR_NO_TAG_FOUND');
    return row;
  }

  /** Records of one company's tags. */
  private async records(rows: Tag[], manager?: EntityManager): Promise<TagRecord[]> {
    if (!rows.length) return [];
    const counts = await this.tags.counts(
      rows[0]!.companyId,
      rows.map((row) => row.id),
      manager,
    );
    return rows.map((row) => toTagRecord(row, counts.get(row.id)));
  }
}
