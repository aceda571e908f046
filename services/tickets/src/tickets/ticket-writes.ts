import { Inject, Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  type RequestContext,
  type TicketEventData,
  type TicketLogType,
  type TicketRecord,
  type TicketStatus,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { LOGGER } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { recordEvent } from '../records/record-changes.js';
import { OutboundMessages } from '../messages/outbound-messages.js';
import type { Ticket } from './core/ticket.entity.js';
import { toTicketHolder, TicketRecords } from './core/ticket-records.js';
import {
  TicketsRepository,
  type TicketWrite,
  type TrackingWrite,
} from './core/tickets.repository.js';

/** A text to send on a ticket once the transaction committed. */
export type PendingText = { ticket: Ticket; text: string };

/** Whether phone numbers are masked in the company's events and in the caller's answer. */
export type Hide = { company: boolean; caller: boolean };

/** What a closed ticket forgets: prompt, integration, typebot session, bot counter and stage. */
export const closedFields = (): TicketWrite => ({
  promptId: null,
  integrationId: null,
  useIntegration: false,
  typebotSessionId: null,
  typebotStatus: false,
  typebotSessionAt: null,
  botStoppedAt: null,
  amountUsedBotQueues: 0,
  chatbotId: null,
  isBot: false,
});

/**
 * The writes every ticket command shares (an agent's, the bot's, the external API's, the kanban's):
 * announcing a change, writing a close, refusing a second active ticket, sending texts after commit.
 */
@Injectable()
export class TicketWrites {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly views: TicketRecords,
    private readonly outbound: OutboundMessages,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Reads back a changed ticket, records its `tickets.ticket.updated` event and answers it. */
  async announce(
    ctx: RequestContext,
    manager: EntityManager,
    id: number,
    hide: Hide,
    previousStatus?: TicketStatus,
  ): Promise<TicketRecord> {
    const row = (await this.tickets.findById(ctx.companyId, id, manager))!;
    const plain = await this.views.record(ctx, row, false, manager);
    const masked = hide.company ? await this.views.record(ctx, row, true, manager) : plain;
    const event: TicketEventData = { ticket: masked };
    if (previousStatus && previousStatus !== row.status) event.previousStatus = previousStatus;
    await recordEvent(manager, ctx.companyId, {
      ...DomainEventTypes.tickets.ticketUpdated,
      data: event,
    });
    return hide.caller ? masked : plain;
  }

  /**
   * Writes a ticket's close in the caller's transaction: `fields`, the end of its service cycle at
   * `at`, no kanban lanes, and the log line.
   */
  async writeClose(
    manager: EntityManager,
    row: Ticket,
    close: {
      fields: TicketWrite;
      at: Date;
      tracking?: TrackingWrite;
      log: TicketLogType;
      userId: number | null;
    },
  ): Promise<void> {
    await this.tickets.update(manager, row.companyId, row.id, close.fields);
    await this.tickets.track(manager, row, {
      closedAt: close.at,
      finishedAt: close.at,
      ...close.tracking,
    });
    await this.tickets.clearTicketTags(manager, row.companyId, row.id);
    await this.tickets.addLog(manager, row.companyId, row.id, close.log, close.userId, row.queueId);
  }

  /** ERR_OTHER_OPEN_TICKET naming the contact's active ticket (always masked). */
  async otherOpen(ctx: RequestContext, active: Ticket, manager?: EntityManager): Promise<AppError> {
    const record = await this.views.record(ctx, active, true, manager);
    return new AppError('ERR_OTHER_OPEN_TICKET', { details: toTicketHolder(record) });
  }

  /** Sends the bot texts of a committed change; a failed send never undoes the change. */
  async sendTexts(texts: PendingText[]): Promise<void> {
    for (const { ticket, text } of texts) {
      try {
        await this.outbound.sendBotText(ticket, text);
      } catch (err) {
        this.logger.warn({ err, ticketId: ticket.id }, 'ticket bot text failed');
      }
    }
  }
}
