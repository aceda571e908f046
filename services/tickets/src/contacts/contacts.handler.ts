import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type ContactImportJob,
  type ContactPickerItem,
  type ContactProfile,
  type ContactRecord,
  type ContactsPage,
  type ContactTagsReply,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { ContactImportService } from './contact-import.service.js';
import { ContactsService } from './contacts.service.js';
import { PhoneContactImportService } from './phone-contact-import.service.js';

const S = Subjects.tickets;

@Injectable()
export class ContactsHandler {
  constructor(
    private readonly contacts: ContactsService,
    private readonly imports: ContactImportService,
    private readonly phoneImports: PhoneContactImportService,
  ) {}

  @BusHandler(S.contactList)
  page(data: unknown, ctx: CallContext): Promise<ContactsPage> {
    return this.contacts.page(ctx, data);
  }

  @BusHandler(S.contactPicker)
  picker(data: unknown, ctx: CallContext): Promise<ContactPickerItem[]> {
    return this.contacts.picker(ctx, data);
  }

  @BusHandler(S.contactGet)
  get(data: unknown, ctx: CallContext): Promise<ContactRecord> {
    return this.contacts.get(ctx, data);
  }

  @BusHandler(S.contactCreate)
  create(data: unknown, ctx: CallContext): Promise<ContactRecord> {
    return this.contacts.create(ctx, data);
  }

  @BusHandler(S.contactUpdate)
  update(data: unknown, ctx: CallContext): Promise<ContactRecord> {
    return this.contacts.update(ctx, data);
  }

  @BusHandler(S.contactDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: number }> {
    return this.contacts.remove(ctx, data);
  }

  @BusHandler(S.contactBlock)
  block(data: unknown, ctx: CallContext): Promise<ContactRecord> {
    return this.contacts.block(ctx, data);
  }

  @BusHandler(S.contactToggleDisableBot)
  toggleDisableBot(data: unknown, ctx: CallContext): Promise<ContactRecord> {
    return this.contacts.toggleDisableBot(ctx, data);
  }

  @BusHandler(S.contactToggleAcceptAudio)
  toggleAcceptAudio(data: unknown, ctx: CallContext): Promise<ContactRecord> {
    return this.contacts.toggleAcceptAudio(ctx, data);
  }

  @BusHandler(S.contactProfile)
  profile(data: unknown, ctx: CallContext): Promise<ContactProfile> {
    return this.contacts.profile(ctx, data);
  }

  @BusHandler(S.contactTags)
  tags(data: unknown, ctx: CallContext): Promise<ContactTagsReply> {
    return this.contacts.tags(ctx, data);
  }

  @BusHandler(S.contactImportOne)
  importOne(data: unknown, ctx: CallContext): Promise<ContactRecord> {
    return this.contacts.importOne(ctx, data);
  }

  @BusHandler(S.contactImportStart)
  importStart(data: unknown, ctx: CallContext): Promise<ContactImportJob> {
    return this.imports.start(ctx, data);
  }

  @BusHandler(S.contactImportPhone)
  importPhone(data: unknown, ctx: CallContext): Promise<ContactImportJob> {
    return this.phoneImports.start(ctx, data, 'contacts');
  }

  @BusHandler(S.contactImportChats)
  importChats(data: unknown, ctx: CallContext): Promise<ContactImportJob> {
    return this.phoneImports.start(ctx, data, 'chats');
  }
}
