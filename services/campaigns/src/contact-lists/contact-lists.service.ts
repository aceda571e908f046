import { Injectable } from '@nestjs/common';
import {
  CampaignSettingsInput,
  CampaignSettingsValues,
  ContactListImportRequest,
  ContactListInput,
  ContactListItemInput,
  ContactListItemQuery,
  ContactListPageSize,
  ContactListsQuery,
  DomainEventTypes,
  hasPermission,
  type CampaignSettingsEventData,
  type ContactListChoice,
  type ContactListDeletedEventData,
  type ContactListEventData,
  type ContactListImportReport,
  type ContactListItemDeletedEventData,
  type ContactListItemEventData,
  type ContactListItemRecord,
  type ContactListItemsPage,
  type ContactListItemsReloadedEventData,
  type ContactListRecord,
  type ContactListsPage,
  type RequestContext,
  recordId,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireAdmin } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import { Outbox } from '@sb/platform/outbox';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@sb/platform/db';
import { z } from 'zod';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { toItemRecord, toListRecord } from './contact-list-records.js';
import { ContactListsRepository } from './contact-lists.repository.js';
import { validateImportRows } from './import-rows.js';
import { NumberChecker } from './number-checker.js';
import { BusHandler } from '@sb/platform/nest';

const IdRequest = z.object({ id: recordId.max(2_147_483_647) });

/**
 * Contact lists, their items and the campaign settings (spec 3 §2.3, §2.5, §2.6). Campaign screens are an
 * admin's (spec 3 §2.1 route table; the web shows them to admins) on plans with useCampaigns; deleting
 * an item also needs `contacts-page:deleteContact` (spec 3 §6).
 */
@Injectable()
export class ContactListsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly lists: ContactListsRepository,
    private readonly identity: IdentityDirectory,
    private readonly checker: NumberChecker,
  ) {}

  private async allowed(call: CallContext): Promise<RequestContext> {
    const ctx = requireAdmin(call);
    await this.identity.requirePlanFlag(ctx, 'useCampaigns');
    return ctx;
  }

  @BusHandler(Subjects.campaigns.contactListList)
  async page(call: CallContext, query: unknown): Promise<ContactListsPage> {
    const ctx = await this.allowed(call);
    const { searchParam, pageNumber } = parseInput(ContactListsQuery, query ?? {});
    const { rows, hasMore } = await this.lists.page(
      ctx.companyId,
      searchParam,
      (pageNumber - 1) * ContactListPageSize,
      ContactListPageSize,
    );
    return { records: rows.map(toListRecord), hasMore };
  }

  @BusHandler(Subjects.campaigns.contactListChoices)
  async choices(call: CallContext): Promise<ContactListChoice[]> {
    const ctx = await this.allowed(call);
    return (await this.lists.all(ctx.companyId)).map((row) => ({
      id: row.id,
      name: row.name,
      contactsCount: Number(row.contacts_count),
    }));
  }

  @BusHandler(Subjects.campaigns.contactListGet)
  async get(call: CallContext, request: unknown): Promise<ContactListRecord> {
    const ctx = await this.allowed(call);
    const { id } = parseInput(IdRequest, request ?? {});
    return toListRecord(await this.list(ctx.companyId, id));
  }

  @BusHandler(Subjects.campaigns.contactListCreate)
  async create(call: CallContext, data: unknown): Promise<ContactListRecord> {
    const ctx = await this.allowed(call);
    const { name } = parseInput(ContactListInput, data ?? {});
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const id = await this.lists.insert(manager, ctx.companyId, name);
      return this.announceList(manager, ctx.companyId, id, 'created');
    });
  }

  @BusHandler(Subjects.campaigns.contactListUpdate)
  async update(call: CallContext, data: unknown): Promise<ContactListRecord> {
    const ctx = await this.allowed(call);
    const { id } = parseInput(IdRequest, data ?? {});
    const { name } = parseInput(ContactListInput, data);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.lockList(manager, ctx.companyId, id);
      await this.lists.rename(manager, ctx.companyId, id, name);
      return this.announceList(manager, ctx.companyId, id, 'updated');
    });
  }

  @BusHandler(Subjects.campaigns.contactListDelete)
  async remove(call: CallContext, data: unknown): Promise<{ id: number }> {
    const ctx = await this.allowed(call);
    const { id } = parseInput(IdRequest, data ?? {});
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.lockList(manager, ctx.companyId, id);
      await this.lists.delete(manager, ctx.companyId, id);
      const event: ContactListDeletedEventData = { id };
      await Outbox.add(manager, {
        companyId: ctx.companyId,
        ...DomainEventTypes.campaigns.contactListDeleted,
        data: event,
      });
      return { id };
    });
  }

  /**
   * One chunk of an imported sheet: the valid rows are stored (a number already in the list updated),
   * the others answered with why, in one transaction, so a chunk is either stored whole or not at all.
   */
  @BusHandler(Subjects.campaigns.contactListImport)
  async importRows(call: CallContext, data: unknown): Promise<ContactListImportReport> {
    const ctx = await this.allowed(call);
    const { id, rows } = parseInput(ContactListImportRequest, data ?? {});
    const { items, failed } = validateImportRows(rows);
    const stored = await this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.lockList(manager, ctx.companyId, id);
      const counts = await this.lists.upsertItems(manager, ctx.companyId, id, items);
      const event: ContactListItemsReloadedEventData = { contactListId: id };
      await Outbox.add(manager, {
        companyId: ctx.companyId,
        ...DomainEventTypes.campaigns.contactListItemsReloaded,
        data: event,
      });
      await this.announceList(manager, ctx.companyId, id, 'updated');
      return counts;
    });
    this.checker.checkList(ctx, id);
    return { total: rows.length, ...stored, failed };
  }

  // items

  @BusHandler(Subjects.campaigns.contactListItemList)
  async itemPage(call: CallContext, query: unknown): Promise<ContactListItemsPage> {
    const ctx = await this.allowed(call);
    const { searchParam, pageNumber, contactListId } = parseInput(
      ContactListItemQuery,
      query ?? {},
    );
    await this.list(ctx.companyId, contactListId);
    const { rows, hasMore } = await this.lists.itemPage(
      ctx.companyId,
      contactListId,
      searchParam,
      (pageNumber - 1) * ContactListPageSize,
      ContactListPageSize,
    );
    return { contacts: rows.map(toItemRecord), hasMore };
  }

  @BusHandler(Subjects.campaigns.contactListItemGet)
  async itemGet(call: CallContext, request: unknown): Promise<ContactListItemRecord> {
    const ctx = await this.allowed(call);
    const { id } = parseInput(IdRequest, request ?? {});
    return toItemRecord(await this.item(ctx.companyId, id));
  }

  @BusHandler(Subjects.campaigns.contactListItemCreate)
  async itemCreate(call: CallContext, data: unknown): Promise<ContactListItemRecord> {
    const ctx = await this.allowed(call);
    const input = parseInput(ContactListItemInput, data ?? {});
    const record = await this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.lockList(manager, ctx.companyId, input.contactListId);
      if (
        await this.lists.numberTaken(
          manager,
          ctx.companyId,
          input.contactListId,
          input.number,
          null,
        )
      ) {
        throw new AppError('ERR_CONTACT_LIST_ITEM_DUPLICATED');
      }
      const id = await this.lists.insertItem(manager, ctx.companyId, input.contactListId, input);
      const item = await this.announceItem(manager, ctx.companyId, id, 'created');
      await this.announceList(manager, ctx.companyId, input.contactListId, 'updated');
      return item;
    });
    this.checker.checkList(ctx, record.contactListId, record.id);
    return record;
  }

  @BusHandler(Subjects.campaigns.contactListItemUpdate)
  async itemUpdate(call: CallContext, data: unknown): Promise<ContactListItemRecord> {
    const ctx = await this.allowed(call);
    const { id } = parseInput(IdRequest, data ?? {});
    const input = parseInput(ContactListItemInput, data);
    const record = await this.transactions.inTenant(ctx.companyId, async (manager) => {
      const before = await this.item(ctx.companyId, id, manager);
      // an item stays in its list (the form has no list field)
      await this.lockList(manager, ctx.companyId, before.contact_list_id);
      if (
        await this.lists.numberTaken(
          manager,
          ctx.companyId,
          before.contact_list_id,
          input.number,
          id,
        )
      ) {
        throw new AppError('ERR_CONTACT_LIST_ITEM_DUPLICATED');
      }
      await this.lists.updateItem(manager, ctx.companyId, id, input);
      return this.announceItem(manager, ctx.companyId, id, 'updated');
    });
    if (record.isWhatsappValid === null) this.checker.checkList(ctx, record.contactListId, id);
    return record;
  }

  @BusHandler(Subjects.campaigns.contactListItemDelete)
  async itemRemove(call: CallContext, data: unknown): Promise<{ id: number }> {
    const ctx = await this.allowed(call);
    if (!ctx.super && !hasPermission(ctx, 'contacts-page:deleteContact')) {
      throw new AppError('ERR_NO_PERMISSION');
    }
    const { id } = parseInput(IdRequest, data ?? {});
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.item(ctx.companyId, id, manager);
      await this.lockList(manager, ctx.companyId, row.contact_list_id);
      await this.lists.deleteItem(manager, ctx.companyId, id);
      const event: ContactListItemDeletedEventData = { id, contactListId: row.contact_list_id };
      await Outbox.add(manager, {
        companyId: ctx.companyId,
        ...DomainEventTypes.campaigns.contactListItemDeleted,
        data: event,
      });
      await this.announceList(manager, ctx.companyId, row.contact_list_id, 'updated');
      return { id };
    });
  }

  // campaign settings

  @BusHandler(Subjects.campaigns.campaignSettingsGet)
  async settings(call: CallContext): Promise<CampaignSettingsValues> {
    const ctx = await this.allowed(call);
    return this.readSettings(ctx.companyId);
  }

  /** Saved as a whole: every key is written, so the stored values are exactly the form's. */
  @BusHandler(Subjects.campaigns.campaignSettingsSave)
  async saveSettings(call: CallContext, data: unknown): Promise<CampaignSettingsValues> {
    const ctx = await this.allowed(call);
    const { settings } = parseInput(CampaignSettingsInput, data ?? {});
    await this.transactions.inTenant(ctx.companyId, async (manager) => {
      await this.lists.saveSettings(manager, ctx.companyId, settings);
      const event: CampaignSettingsEventData = { settings };
      await Outbox.add(manager, {
        companyId: ctx.companyId,
        ...DomainEventTypes.campaigns.campaignSettingsUpdated,
        data: event,
      });
    });
    return settings;
  }

  /** The stored values, a key that is missing or unreadable falling back to its default. */
  async readSettings(companyId: number): Promise<CampaignSettingsValues> {
    const stored = await this.lists.settings(companyId);
    const parsed = CampaignSettingsValues.safeParse(stored);
    if (parsed.success) return parsed.data;
    const fallback = CampaignSettingsValues.parse({});
    for (const key of Object.keys(fallback) as (keyof CampaignSettingsValues)[]) {
      const one = CampaignSettingsValues.shape[key].safeParse(stored[key]);
      if (one.success) (fallback as Record<string, unknown>)[key] = one.data;
    }
    return fallback;
  }

  // helpers

  private async list(companyId: number, id: number, manager?: EntityManager) {
    const row = await this.lists.find(companyId, id, manager);
    if (!row) throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
    return row;
  }

  private async lockList(manager: EntityManager, companyId: number, id: number) {
    if (!(await this.lists.lock(companyId, id, manager))) {
      throw new AppError('ERR_NO_CONTACT_LIST_FOUND');
    }
  }

  private async item(companyId: number, id: number, manager?: EntityManager) {
    const row = await this.lists.findItem(companyId, id, manager);
    if (!row) throw new AppError('ERR_NO_CONTACT_LIST_ITEM_FOUND');
    return row;
  }

  private async announceList(
    manager: EntityManager,
    companyId: number,
    id: number,
    action: 'created' | 'updated',
  ): Promise<ContactListRecord> {
    const record = toListRecord(await this.list(companyId, id, manager));
    const data: ContactListEventData = { record };
    const type =
      action === 'created'
        ? DomainEventTypes.campaigns.contactListCreated
        : DomainEventTypes.campaigns.contactListUpdated;
    await Outbox.add(manager, { companyId, ...type, data });
    return record;
  }

  private async announceItem(
    manager: EntityManager,
    companyId: number,
    id: number,
    action: 'created' | 'updated',
  ): Promise<ContactListItemRecord> {
    const record = toItemRecord(await this.item(companyId, id, manager));
    const data: ContactListItemEventData = { record };
    const type =
      action === 'created'
        ? DomainEventTypes.campaigns.contactListItemCreated
        : DomainEventTypes.campaigns.contactListItemUpdated;
    await Outbox.add(manager, { companyId, ...type, data });
    return record;
  }
}
