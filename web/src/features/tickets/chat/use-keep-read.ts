import type { AppMessageSocketPayload } from '@sb/contracts';
import { useCompanyEvents } from '../../../api/use-company-events.js';
import { useMarkTicketReadMutation } from '../tickets.api.js';

/**
 * The open ticket stays read: opening it marked it read (GET /messages), and each message of the
 * contact that arrives while it is open is marked read at once, so its unread count goes back to 0 for
 * every list (the server's updateUnread event) instead of piling up under the agent's eyes.
 */
export const useKeepRead = (companyId: number, ticketId: number | undefined) => {
  const [markRead] = useMarkTicketReadMutation();
  useCompanyEvents(
    companyId,
    'appMessage',
    (payload: AppMessageSocketPayload) => {
      if (ticketId === undefined) return;
      if (payload.action !== 'create' || payload.ticket.id !== ticketId) return;
      if (payload.message.fromMe || payload.ticket.unreadMessages === 0) return;
      // a failed mark is retried by the next message or the next opening: nothing to tell the agent
      markRead(ticketId).catch(() => undefined);
    },
    ticketId !== undefined,
  );
};
