import { Box, EmptyState, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Announcement } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMegaphone } from 'react-icons/lu';
import { AnnouncementDialog } from './announcement-dialog.js';
import { nearListEnd } from '../../components/paged-search.js';
import { priorityBorderColor } from './announcement-priority.js';
import { usePopoverAnnouncementsQuery } from './announcements.api.js';

/**
 * The shell's announcements popover list (spec 1 §2): active announcements, newest first, loading the
 * next page near the end; socket events keep it current (announcements.api.ts).
 */
export const AnnouncementsPopoverList = () => {
  const { t } = useTranslation('shell');
  const [pageNumber, setPageNumber] = useState(1);
  const [opened, setOpened] = useState<Announcement | null>(null);
  const { data, isLoading, isFetching } = usePopoverAnnouncementsQuery({
    searchParam: '',
    pageNumber,
  });
  const records = data?.records ?? [];

  if (isLoading) return <Spinner size="sm" m="4" />;
  if (records.length === 0) {
    return (
      <EmptyState.Root size="sm">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuMegaphone />
          </EmptyState.Indicator>
          <EmptyState.Description>{t('noAnnouncements')}</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }

  return (
    <>
      <Stack
        as="ul"
        gap="2"
        maxH="sm"
        overflowY="auto"
        listStyleType="none"
        data-testid="announcements-list"
        onScroll={(event) => {
          if (data?.hasMore && !isFetching && nearListEnd(event.currentTarget)) {
            setPageNumber((page) => page + 1);
          }
        }}
      >
        {records.map((record) => (
          <Box as="li" key={record.id}>
            <Box
              as="button"
              width="full"
              textAlign="start"
              px="3"
              py="2"
              borderLeftWidth="4px"
              borderLeftStyle="solid"
              borderLeftColor={priorityBorderColor(record.priority)}
              bg="bg.subtle"
              rounded="sm"
              _hover={{ bg: 'bg.muted' }}
              data-priority={record.priority}
              data-testid="announcement-item"
              onClick={() => setOpened(record)}
            >
              <Text fontWeight="semibold" truncate>
                {record.title}
              </Text>
              <Text fontSize="sm" color="fg.muted" lineClamp={2}>
                {record.text}
              </Text>
            </Box>
          </Box>
        ))}
        {isFetching && <Spinner size="xs" alignSelf="center" />}
      </Stack>
      <AnnouncementDialog record={opened} onClose={() => setOpened(null)} />
    </>
  );
};
