import { Box, Stack, Text, usePopoverContext } from '@chakra-ui/react';
import { type AppMessageSocketPayload, type SessionUser, type TicketRecord } from '@sb/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBell, LuInbox } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { useCompanyEvents } from '../../../api/use-company-events.js';
import { HeaderPopover } from '../../shell/header-popover.js';
import { ticketToRing, unreadTickets } from './notification-rules.js';
import { playNotificationTone } from './notification-tone.js';
import { lastMessagePreview } from '../ticket-display.js';
import { useListTicketsQuery } from '../tickets.api.js';

const canNotify = () => typeof Notification !== 'undefined';

/** A desktop notification for the ticket (when the person allowed them); a click opens the ticket. */
const showDesktopNotification = (
  ticket: TicketRecord,
  body: string,
  open: (uuid: string) => void,
) => {
  if (!canNotify() || Notification.permission !== 'granted') return;
  const shown = new Notification(ticket.contact.name, {
    body,
    tag: String(ticket.id),
    icon: ticket.contact.urlPicture ?? undefined,
  });
  shown.onclick = () => {
    window.focus();
    open(ticket.uuid);
  };
};

/** Whether the person is looking at this ticket right now (no alert then). */
const watching = (uuid: string) =>
  document.visibilityState === 'visible' && window.location.pathname.endsWith(`/tickets/${uuid}`);

/**
 * Rings for a contact's new message on a ticket the user may be told about (spec 1 §4 Notifications):
 * the tone at the stored volume and a desktop notification, unless the ticket is open in a visible tab.
 */
const useMessageAlerts = (user: SessionUser, ready: boolean, open: (uuid: string) => void) => {
  const userRef = useRef(user);
  userRef.current = user;
  const openRef = useRef(open);
  openRef.current = open;

  useEffect(() => {
    if (canNotify() && Notification.permission === 'default') void Notification.requestPermission();
  }, []);

  // listen once the unread list has answered, as the ticket lists do (socket-cache.ts)
  useCompanyEvents(
    user.companyId,
    'appMessage',
    (payload: AppMessageSocketPayload) => {
      const ticket = ticketToRing(payload, userRef.current);
      if (!ticket || payload.action === 'delete' || watching(ticket.uuid)) return;
      playNotificationTone();
      showDesktopNotification(ticket, lastMessagePreview(payload.message.body).text, (uuid) =>
        openRef.current(uuid),
      );
    },
    ready,
  );
};

/** One ticket of the bell's list: a choice closes the list and opens the ticket. */
const NotificationRow = ({
  ticket,
  preview,
  onOpen,
}: {
  ticket: TicketRecord;
  preview: string;
  onOpen: () => void;
}) => {
  const popover = usePopoverContext();
  return (
    <Box
      as="button"
      textAlign="start"
      py="2"
      px="1"
      borderBottomWidth="1px"
      _hover={{ bg: 'bg.muted' }}
      onClick={() => {
        popover.setOpen(false);
        onOpen();
      }}
    >
      <Text fontWeight="semibold" truncate>
        {ticket.contact.name}
      </Text>
      <Text fontSize="sm" color="fg.muted" truncate>
        {preview}
      </Text>
    </Box>
  );
};

/**
 * The top bar's notifications bell (spec 1 §2, §4): the count of the user's tickets with unread
 * messages (GET /tickets withUnreadMessages in the user's queues, kept current by the socket like every
 * ticket list) and a popover list of them; a choice opens the ticket.
 */
export const TicketNotifications = ({ user }: { user: SessionUser }) => {
  const { t } = useTranslation('shell');
  const { t: tt } = useTranslation('tickets');
  const navigate = useNavigate();
  const queueIds = useMemo(() => user.queues.map((q) => q.id), [user.queues]);
  const { data } = useListTicketsQuery({ pageNumber: 1, withUnreadMessages: true, queueIds });
  const tickets = unreadTickets(data?.tickets);
  useMessageAlerts(user, data !== undefined, (uuid) => void navigate(`/tickets/${uuid}`));

  return (
    <HeaderPopover
      label={t('notifications')}
      icon={<LuBell />}
      count={tickets.length}
      emptyIcon={<LuInbox />}
      emptyText={t('noTickets')}
      testId="notifications"
    >
      {tickets.length > 0 && (
        <Stack gap="0" maxH="96" overflowY="auto" data-testid="notifications-list">
          {tickets.map((ticket) => {
            const preview = lastMessagePreview(ticket.lastMessage ?? '');
            return (
              <NotificationRow
                key={ticket.id}
                ticket={ticket}
                preview={preview.kind === 'text' ? preview.text : tt(`preview.${preview.kind}`)}
                onOpen={() => void navigate(`/tickets/${ticket.uuid}`)}
              />
            );
          })}
        </Stack>
      )}
    </HeaderPopover>
  );
};
