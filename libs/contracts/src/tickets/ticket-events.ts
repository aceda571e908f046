import type { DomainEvent } from '../bus/envelope.js';
import { DomainEventTypes, eventSubject } from '../bus/subjects.js';
import type { MessageEventData, TicketEventData } from './ticket-inputs.js';

/**
 * The `tickets.ticket.updated` a `tickets.message.created` stands for (`ticketChange` set), or undefined.
 * It is read off the message event, never published: it keeps that event's id, company and time.
 */
export const ticketUpdateOf = (
  event: DomainEvent<MessageEventData>,
): DomainEvent<TicketEventData> | undefined => {
  const { ticket, ticketChange } = event.data;
  if (!ticketChange) return undefined;
  const { service, entity, action } = DomainEventTypes.tickets.ticketUpdated;
  return {
    id: event.id,
    subject: eventSubject(event.companyId, service, entity, action),
    companyId: event.companyId,
    occurredAt: event.occurredAt,
    data: ticketChange.previousStatus
      ? { ticket, previousStatus: ticketChange.previousStatus }
      : { ticket },
  };
};
