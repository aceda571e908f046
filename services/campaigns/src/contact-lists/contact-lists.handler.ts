import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type CampaignSettingsValues,
  type ContactListChoice,
  type ContactListImportReport,
  type ContactListItemRecord,
  type ContactListItemsPage,
  type ContactListRecord,
  type ContactListsPage,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { ContactListsService } from './contact-lists.service.js';

const S = Subjects.campaigns;

@Injectable()
export class ContactListsHandler {
  constructor(private readonly lists: ContactListsService) {}

  @BusHandler(S.contactListList)
  page(data: unknown, ctx: CallContext): Promise<ContactListsPage> {
    return this.lists.page(ctx, data);
  }

  @BusHandler(S.contactListChoices)
  choices(_data: unknown, ctx: CallContext): Promise<ContactListChoice[]> {
    return this.lists.choices(ctx);
  }

  @BusHandler(S.contactListGet)
  get(data: unknown, ctx: CallContext): Promise<ContactListRecord> {
    return this.lists.get(ctx, data);
  }

  @BusHandler(S.contactListCreate)
  create(data: unknown, ctx: CallContext): Promise<ContactListRecord> {
    return this.lists.create(ctx, data);
  }

  @BusHandler(S.contactListUpdate)
  update(data: unknown, ctx: CallContext): Promise<ContactListRecord> {
    return this.lists.update(ctx, data);
  }

  @BusHandler(S.contactListDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: number }> {
    return this.lists.remove(ctx, data);
  }

  @BusHandler(S.contactListImport)
  importRows(data: unknown, ctx: CallContext): Promise<ContactListImportReport> {
    return this.lists.importRows(ctx, data);
  }

  @BusHandler(S.contactListItemList)
  itemPage(data: unknown, ctx: CallContext): Promise<ContactListItemsPage> {
    return this.lists.itemPage(ctx, data);
  }

  @BusHandler(S.contactListItemGet)
  itemGet(data: unknown, ctx: CallContext): Promise<ContactListItemRecord> {
    return this.lists.itemGet(ctx, data);
  }

  @BusHandler(S.contactListItemCreate)
  itemCreate(data: unknown, ctx: CallContext): Promise<ContactListItemRecord> {
    return this.lists.itemCreate(ctx, data);
  }

  @BusHandler(S.contactListItemUpdate)
  itemUpdate(data: unknown, ctx: CallContext): Promise<ContactListItemRecord> {
    return this.lists.itemUpdate(ctx, data);
  }

  @BusHandler(S.contactListItemDelete)
  itemRemove(data: unknown, ctx: CallContext): Promise<{ id: number }> {
    return this.lists.itemRemove(ctx, data);
  }

  @BusHandler(S.campaignSettingsGet)
  settings(_data: unknown, ctx: CallContext): Promise<CampaignSettingsValues> {
    return this.lists.settings(ctx);
  }

  @BusHandler(S.campaignSettingsSave)
  saveSettings(data: unknown, ctx: CallContext): Promise<CampaignSettingsValues> {
    return this.lists.saveSettings(ctx, data);
  }
}
