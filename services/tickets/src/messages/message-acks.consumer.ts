import { Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  eventSubject,
  MessageAcks,
  type DomainEvent,
  type MessageAckEventData,
} from '@sb/contracts';
import { IdempotentEventConsumer } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { systemContext } from '../directories/system-context.js';
import { TicketsRepository } from '../tickets/core/tickets.repository.js';
import { ChannelSender } from './channel-sender.js';
import { nextAck } from './message-acks.js';
import { MessagesRepository } from './messages.repository.js';

const { service, entity, action } = DomainEventTypes.connectors.messageAck;

/** Applies the channel's delivery acks (connectors.message.ack) to our messages, never downgrading. */
@Injectable()
export class MessageAcksConsumer extends IdempotentEventConsumer<MessageAckEventData> {
  protected readonly feed = {
    durable: 'tickets-message-acks',
    filter: eventSubject('*' as unknown as number, service, entity, action),
  };

  constructor(
    private readonly repository: MessagesRepository,
    private readonly tickets: TicketsRepository,
    private readonly sender: ChannelSender,
  ) {
    super();
  }

  async apply(event: DomainEvent<MessageAckEventData>, manager: EntityManager): Promise<void> {
    const { externalId, ack } = event.data;
    if (!externalId || !(MessageAcks as readonly number[]).includes(ack)) return;
    const companyId = event.companyId;
    const message = await this.repository.findByWid(manager, companyId, externalId);
    if (!message) return;
    const next = nextAck(message.ack, ack);
    if (next === message.ack) return;
    if (!(await this.repository.raiseAck(manager, companyId, message.id, next))) return;
    message.ack = next;
    const ticket = await this.tickets.findById(companyId, message.ticketId, manager);
    if (!ticket) return;
    const contact = await this.repository.findContact(companyId, ticket.contactId, manager);
    if (!contact) return;
    await this.sender.emitMessageUpdated(
      manager,
      systemContext(companyId),
      ticket,
      contact,
      message,
    );
  }
}
