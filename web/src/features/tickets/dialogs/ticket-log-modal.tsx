import { Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates.js';
import { logTimeline } from '../ticket-display.js';
import { TicketDialog } from './ticket-dialog.js';
import { useListTicketLogsQuery } from '../tickets.api.js';

/**
 * The ticket log timeline (GET /tickets-log/:ticketId, spec 1 §3): one line per entry, oldest first,
 * saying what happened (created, chatbot, queue, opened, accessed, transferred, received), who and in
 * which queue.
 */
export const TicketLogModal = ({
  ticketId,
  onClose,
}: {
  ticketId: number;
  onClose: () => void;
}) => {
  const { t } = useTranslation('tickets');
  const { data: entries, isLoading } = useListTicketLogsQuery(ticketId);
  return (
    <TicketDialog
      title={t('log.title', { id: ticketId })}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('log.close')}</Button>}
    >
      {isLoading && <Spinner size="sm" />}
      {entries && entries.length === 0 && <Text color="fg.muted">{t('log.empty')}</Text>}
      <Stack as="ol" gap="0" data-testid="ticket-log" listStyleType="none">
        {logTimeline(entries ?? []).map((entry) => (
          <HStack as="li" key={entry.id} align="flex-start" gap="3" pb="3">
            <Box w="2" h="2" mt="1.5" borderRadius="full" bg="colorPalette.solid" flexShrink={0} />
            <Stack gap="0" flex="1">
              <Text fontSize="sm">
                {t(`log.types.${entry.type}`, {
                  user: entry.user?.name ?? t('log.system'),
                  queue: entry.queue?.name ?? t('noQueue'),
                })}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {formatDateTime(entry.createdAt)}
              </Text>
            </Stack>
          </HStack>
        ))}
      </Stack>
    </TicketDialog>
  );
};
