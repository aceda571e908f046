import { Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  normaliseContactNumber,
  Subjects,
  type ContactDeletedEventData,
  type ContactErasedEventData,
  type ContactErasure,
  type RequestContext,
} from '@sb/contracts';
import { requireAdmin } from '@sb/platform/context';
import { Transactions } from '@sb/platform/db';
import { AppError, requestedId } from '@sb/platform/errors';
import { BusHandler } from '@sb/platform/nest';
import { recordAudit } from '@sb/platform/outbox';
import { recordEvent } from '../records/record-changes.js';
import { DataErasureRepository } from './data-erasure.repository.js';
import { MediaCleanup } from './media-cleanup.js';

/**
 * A contact's erasure (LGPD, POST /contacts/:id/erase): its messages and their files, its tickets with
 * their notes and logs, then the contact, in one transaction; `tickets.contact.erased` asks campaigns
 * and reporting to remove what they hold of it. The audit entry keeps counts, not the contact.
 */
@Injectable()
export class ContactErasureService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: DataErasureRepository,
    private readonly media: MediaCleanup,
  ) {}

  @BusHandler(Subjects.tickets.contactErase, requireAdmin)
  async erase(ctx: RequestContext, request: unknown): Promise<ContactErasure> {
    const id = requestedId(request);
    const { companyId } = ctx;
    const { erasure, files } = await this.transactions.inTenant(companyId, async (manager) => {
      const contact = await this.repository.lockContact(manager, companyId, id);
      if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND');
      const { ticketIds, notes } = await this.repository.contactTickets(manager, companyId, id);
      const messages = await this.repository.deleteContactMessages(
        manager,
        companyId,
        id,
        ticketIds,
      );
      const files = await this.media.unusedKeys(manager, companyId, messages.mediaKeys);
      // a group's ticket loses the contact's messages, not itself: its preview may have been one
      const others = messages.ticketIds.filter((ticketId) => !ticketIds.includes(ticketId));
      await this.repository.clearEmptyPreviews(manager, companyId, others);
      await this.repository.deleteContactAndTickets(manager, companyId, id);
      const erasure: ContactErasure = {
        id,
        tickets: ticketIds.length,
        messages: messages.count,
        notes,
        objects: files.length,
      };
      const deleted: ContactDeletedEventData = { contactId: id };
      await recordEvent(manager, companyId, {
        ...DomainEventTypes.tickets.contactDeleted,
        data: deleted,
      });
      const erased: ContactErasedEventData = {
        contactId: id,
        number: contact.isGroup ? '' : normaliseContactNumber(contact.number),
        ticketIds,
      };
      await recordEvent(manager, companyId, {
        ...DomainEventTypes.tickets.contactErased,
        data: erased,
      });
      // counts only: the entry must not keep what was erased
      await recordAudit(manager, 'tickets', ctx, {
        action: 'erase',
        entity: 'contact',
        entityId: id,
        before: null,
        after: {
          tickets: erasure.tickets,
          messages: erasure.messages,
          notes,
          objects: files.length,
        },
      });
      return { erasure, files };
    });
    await this.media.remove(companyId, files);
    return erasure;
  }
}
