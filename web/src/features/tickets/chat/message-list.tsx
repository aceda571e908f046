import { Box, Spinner, Stack, Text } from '@chakra-ui/react';
import type { MessageRecord, TicketRecord } from '@sb/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageBubble } from './message-bubble.js';
import type { MessageActions } from './message-menu.js';
import { withDateSeparators } from './message-grouping.js';
import { dayLabel } from '../ticket-display.js';
import { useListMessagesQuery } from '../tickets.api.js';

/** The older page loads when the list is scrolled under this many pixels from its top (spec 1 §9). */
export const OlderMessagesThresholdPx = 50;

/**
 * Messages of a ticket, newest at the bottom, a date separator per day (TODAY for today). The cache
 * follows `company-<id>-appMessage` for this ticket (tickets.api.ts joins its chat box).
 */
export const MessageList = ({
  ticket,
  selection,
  onToggleSelect,
  actions,
}: {
  ticket: TicketRecord;
  /** the ids chosen for forwarding, or null when not selecting */
  selection: Set<string> | null;
  onToggleSelect: (m: MessageRecord) => void;
  actions: MessageActions;
}) => {
  const { t } = useTranslation('tickets');
  const [pageNumber, setPageNumber] = useState(1);
  const { data, isFetching } = useListMessagesQuery({ ticketId: ticket.id, pageNumber });
  const bottom = useRef<HTMLDivElement>(null);
  const messages = data?.messages ?? [];
  const newest = messages.at(-1)?.id;

  // the newest message stays in view when one arrives (not when an older page is prepended)
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [newest]);

  const items = withDateSeparators(messages);
  const needsWindowNotice = ticket.channel === 'facebook' || ticket.channel === 'instagram';
  return (
    <Stack
      flex="1"
      minH="0"
      overflowY="auto"
      p="3"
      gap="2"
      data-testid="message-list"
      onScroll={(event) => {
        if (
          data?.hasMore &&
          !isFetching &&
          event.currentTarget.scrollTop < OlderMessagesThresholdPx
        )
          setPageNumber((n) => n + 1);
      }}
    >
      {isFetching && <Spinner alignSelf="center" size="sm" />}
      {needsWindowNotice && (
        <Text fontSize="sm" textAlign="center" color="orange.fg">
          {t('message.window24h')}
        </Text>
      )}
      {items.map((item) =>
        item.kind === 'separator' ? (
          <Text
            key={item.key}
            data-testid="date-separator"
            alignSelf="center"
            fontSize="xs"
            color="fg.muted"
            bg="bg.muted"
            px="2"
            borderRadius="sm"
          >
            {item.today ? t('message.today') : dayLabel(item.date)}
          </Text>
        ) : (
          <MessageBubble
            key={item.key}
            message={item.message}
            selected={selection ? selection.has(item.message.id) : undefined}
            onToggleSelect={onToggleSelect}
            actions={actions}
          />
        ),
      )}
      <Box ref={bottom} />
    </Stack>
  );
};
