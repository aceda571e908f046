import { Injectable } from '@nestjs/common';
import { Subjects, type ContactImportJob } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { PhoneContactImportService } from './phone-contact-import.service.js';

const S = Subjects.tickets;

@Injectable()
export class ContactsHandler {
  constructor(private readonly phoneImports: PhoneContactImportService) {}

  @BusHandler(S.contactImportPhone)
  importPhone(ctx: CallContext, data: unknown): Promise<ContactImportJob> {
    return this.phoneImports.start(ctx, data, 'contacts');
  }

  @BusHandler(S.contactImportChats)
  importChats(ctx: CallContext, data: unknown): Promise<ContactImportJob> {
    return this.phoneImports.start(ctx, data, 'chats');
  }
}
