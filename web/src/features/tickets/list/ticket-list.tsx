import { Box, Spinner, Stack, Text } from '@chakra-ui/react';
import type { TicketRecord, TicketStatus } from '@sb/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nearListEnd } from '../../../components/paged-search.js';
import type { TicketAction } from '../ticket-permissions.js';
import { TicketRow } from './ticket-row.js';
import { useListTicketsQuery, type TicketListArgs } from '../tickets.api.js';

/**
 * One list of tickets (a status tab or the search). The cached rows follow the socket events (see
 * tickets.api.ts); the next page loads within 100 px of the bottom.
 */
export const TicketList = ({
  filters,
  countKey,
  selectedUuid,
  isAdmin,
  onCount,
  onOpen,
  onAction,
}: {
  filters: Omit<TicketListArgs, 'pageNumber'>;
  countKey?: TicketStatus;
  selectedUuid?: string;
  isAdmin: boolean;
  onCount?: (status: TicketStatus, count: number) => void;
  onOpen: (ticket: TicketRecord) => void;
  onAction: (action: TicketAction, ticket: TicketRecord) => void;
}) => {
  const { t } = useTranslation('tickets');
  const [pageNumber, setPageNumber] = useState(1);
  const filterKey = JSON.stringify(filters);
  // a new filter starts over at page 1
  useEffect(() => setPageNumber(1), [filterKey]);
  const { data, isFetching } = useListTicketsQuery({ ...filters, pageNumber });
  const tickets = data?.tickets ?? [];

  useEffect(() => {
    if (countKey && data) onCount?.(countKey, data.count ?? tickets.length);
  }, [data, tickets.length, countKey, onCount]);

  return (
    <Stack
      gap="0"
      overflowY="auto"
      flex="1"
      minH="0"
      data-testid="ticket-list"
      onScroll={(event) => {
        if (data?.hasMore && !isFetching && nearListEnd(event.currentTarget))
          setPageNumber((n) => n + 1);
      }}
    >
      {tickets.map((ticket) => (
        <TicketRow
          key={ticket.id}
          ticket={ticket}
          selected={ticket.uuid === selectedUuid}
          isAdmin={isAdmin}
          onOpen={onOpen}
          onAction={onAction}
        />
      ))}
      {isFetching && <Spinner alignSelf="center" m="3" size="sm" />}
      {!isFetching && tickets.length === 0 && (
        <Text p="4" color="fg.muted">
          {t('empty')}
        </Text>
      )}
      {/* room under the last row: scrolled to the end, the floating speed dial covers none of it */}
      <Box flexShrink={0} h="16" aria-hidden />
    </Stack>
  );
};
