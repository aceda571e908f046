import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from '@sb/platform/logger';
import { LOGGER } from '@sb/platform/nest';
import { systemContext } from '../directories/system-context.js';
import { MessageSending } from './message-sending.service.js';

/** What a bot text needs of its ticket (the Ticket entity has these columns). */
export type OutboundTicket = {
  id: number;
  companyId: number;
  contactId: number;
  whatsappId: number | null;
};

/**
 * Messages the system itself sends on a ticket (farewell, transfer, greeting texts): stored as fromMe with
 * their events in one transaction, then sent to the channel after commit. Never throws: a text that could
 * not be stored is logged (the ticket change that asked for it stands).
 */
@Injectable()
export class OutboundMessages {
  constructor(
    private readonly messages: MessageSending,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async sendBotText(ticket: OutboundTicket, text: string, lang?: string): Promise<void> {
    try {
      await this.messages.sendSystemText(systemContext(ticket.companyId, lang), ticket.id, text);
    } catch (err) {
      this.logger.warn({ err, ticketId: ticket.id }, 'bot text not stored');
    }
  }
}
