import type { InboundMessageEventData, RequestContext, TicketStatus } from '@sb/contracts';
import type { Contact } from '../../contacts/contact.entity.js';
import type { Message } from '../../messages/message.entity.js';
import type { Ticket } from '../../tickets/core/ticket.entity.js';

/** How a connection treats group messages (connectors' knobs, read once per message). */
export type GroupSettings = { allowGroup: boolean; groupAsTicket: boolean };

/** One inbound message on its way through the steps, filled in as they run. */
export type InboundTurn = {
  companyId: number;
  ctx: RequestContext;
  data: InboundMessageEventData;
  groups: GroupSettings;
  /** closedTicketsPostImported: a ticket an imported history message makes starts closed */
  closeImported?: boolean;
  /** lgpdHideNumber: the socket events mask numbers */
  hide: boolean;
  /** the person lock keys of the message (inbound-rules lockKeys) */
  keys: string[];
  /** set by a step that ends this message's turn (what earlier steps wrote still commits) */
  done?: boolean;
  /** the conversation's contact (the group for group messages) */
  contact?: Contact;
  /** who wrote it: the contact, or the group member */
  sender?: Contact;
  /** the conversation's contact was created by this message: it has no ticket yet */
  newContact?: boolean;
  ticket?: Ticket;
  /** the ticket was created for this message */
  newTicket?: boolean;
  /** set when this message made the ticket active again */
  previousStatus?: TicketStatus;
  message?: Message;
  quoted?: Message | null;
};
