import { Badge, Box, EmptyState, IconButton, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import {
  socketEvent,
  type AppMessageSocketPayload,
  type SessionUser,
  type TicketRecord,
  type TicketSocketPayload,
} from '@sb/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuBell, LuInbox } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { currentSocket } from '../../api/socket.js';
import { playNotificationTone } from './notification-tone.js';
import { applyNotification } from './notification-rules.js';
import { lastMessagePreview } from './ticket-display.js';
import { useListTicketsQuery } from './tickets.api.js';

const canNotify = () => typeof Notification !== 'undefined';

/** A browser notification for the ticket (when the person allowed them); a click opens the ticket. */
const showBrowserNotification = (
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

/**
 * The top bar's notifications bell (spec 1 §2, §4): the count of tickets with unread messages and a
 * popover list of them. A contact's new message on a ticket the user may be told about (unassigned or
 * theirs, queue theirs or none, pending only with allTicket) rings a synthesised tone at the stored
 * volume and shows a browser notification, unless that ticket is open in a visible tab.
 */
export const TicketNotifications = ({ user }: { user: SessionUser }) => {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const queueIds = user.queues.map((q) => q.id);
  const { data } = useListTicketsQuery({ pageNumber: 1, withUnreadMessages: true, queueIds });
  const [tickets, setTickets] = useState<TicketRecord[]>([]);
  const userRef = useRef(user);
  userRef.current = user;

  const listRef = useRef<TicketRecord[]>([]);
  const replace = (next: TicketRecord[]) => {
    listRef.current = next;
    setTickets(next);
  };
  const replaceRef = useRef(replace);
  replaceRef.current = replace;

  useEffect(() => {
    if (data) replaceRef.current(data.tickets.filter((ticket) => ticket.unreadMessages > 0));
  }, [data]);

  useEffect(() => {
    if (canNotify() && Notification.permission === 'default') void Notification.requestPermission();
  }, []);

  useEffect(() => {
    const socket = currentSocket();
    if (!socket) return;
    const onTicket = (payload: TicketSocketPayload) =>
      replaceRef.current(
        applyNotification(listRef.current, { kind: 'ticket', payload }, userRef.current).tickets,
      );
    const onMessage = (payload: AppMessageSocketPayload) => {
      const next = applyNotification(
        listRef.current,
        { kind: 'message', payload },
        userRef.current,
      );
      replaceRef.current(next.tickets);
      const ringing = next.ring;
      if (!ringing || payload.action === 'delete') return;
      const watching =
        document.visibilityState === 'visible' &&
        window.location.pathname.endsWith(`/tickets/${ringing.uuid}`);
      if (watching) return;
      playNotificationTone();
      showBrowserNotification(
        ringing,
        lastMessagePreview(payload.message.body).text,
        (uuid) => void navigate(`/tickets/${uuid}`),
      );
    };
    const ticketEvent = socketEvent.company(user.companyId, 'ticket');
    const messageEvent = socketEvent.company(user.companyId, 'appMessage');
    socket.on(ticketEvent, onTicket);
    socket.on(messageEvent, onMessage);
    return () => {
      socket.off(ticketEvent, onTicket);
      socket.off(messageEvent, onMessage);
    };
  }, [user.companyId, navigate]);

  return (
    <Popover.Root
      open={open}
      onOpenChange={(d) => setOpen(d.open)}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
    >
      <Popover.Trigger asChild>
        <IconButton
          aria-label={t('notifications.title')}
          title={t('notifications.title')}
          variant="ghost"
          data-testid="notifications"
          position="relative"
        >
          <LuBell />
          {tickets.length > 0 && (
            <Badge
              position="absolute"
              top="0"
              right="0"
              size="xs"
              colorPalette="red"
              variant="solid"
              borderRadius="full"
              data-testid="notifications-count"
            >
              {tickets.length}
            </Badge>
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: '80vw', sm: '80' }}>
            <Popover.Header fontWeight="semibold">{t('notifications.title')}</Popover.Header>
            <Popover.Body pt="0" maxH="96" overflowY="auto">
              {tickets.length === 0 ? (
                <EmptyState.Root size="sm">
                  <EmptyState.Content>
                    <EmptyState.Indicator>
                      <LuInbox />
                    </EmptyState.Indicator>
                    <EmptyState.Description>{t('notifications.empty')}</EmptyState.Description>
                  </EmptyState.Content>
                </EmptyState.Root>
              ) : (
                <Stack gap="0">
                  {tickets.map((ticket) => (
                    <Box
                      key={ticket.id}
                      as="button"
                      textAlign="start"
                      py="2"
                      borderBottomWidth="1px"
                      onClick={() => {
                        setOpen(false);
                        void navigate(`/tickets/${ticket.uuid}`);
                      }}
                    >
                      <Text fontWeight="semibold" truncate>
                        {ticket.contact.name}
                      </Text>
                      <Text fontSize="sm" color="fg.muted" truncate>
                        {lastMessagePreview(ticket.lastMessage).text}
                      </Text>
                    </Box>
                  ))}
                </Stack>
              )}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
};
