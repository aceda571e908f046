import { Badge, Box, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { Chat } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.js';
import { nearListEnd } from '../../components/paged-search.js';
import { unreadsOf } from './chats.api.js';

/**
 * The caller's chats, by last message and update time, each with its last message and an unread
 * badge; the next page loads near the end. The page and the top bar's popover both show it.
 */
export const ChatList = ({
  chats,
  viewerId,
  selectedId,
  hasMore,
  fetching,
  onMore,
  onChoose,
  testId = 'chat-list',
}: {
  chats: Chat[];
  viewerId: number;
  selectedId?: number;
  hasMore: boolean;
  fetching: boolean;
  onMore: () => void;
  onChoose: (chat: Chat) => void;
  testId?: string;
}) => {
  const { t, i18n } = useTranslation('chats');
  return (
    <Stack
      as="ul"
      gap="1"
      flex="1"
      minH="0"
      overflowY="auto"
      listStyleType="none"
      aria-label={t('list')}
      data-testid={testId}
      onScroll={(event) => {
        if (hasMore && !fetching && nearListEnd(event.currentTarget)) onMore();
      }}
    >
      {chats.map((chat) => {
        const unreads = unreadsOf(chat, viewerId);
        const selected = chat.id === selectedId;
        return (
          <Box as="li" key={chat.id}>
            <Box
              as="button"
              width="full"
              textAlign="start"
              px="3"
              py="2"
              rounded="sm"
              bg={selected ? 'bg.emphasized' : 'bg.subtle'}
              _hover={{ bg: 'bg.muted' }}
              aria-current={selected ? 'true' : undefined}
              data-testid="chat-item"
              data-unread={unreads > 0 ? 'true' : undefined}
              onClick={() => onChoose(chat)}
            >
              <HStack gap="2">
                <Text fontWeight="semibold" truncate flex="1">
                  {chat.title}
                </Text>
                {unreads > 0 && (
                  <Badge
                    colorPalette="brand"
                    variant="solid"
                    aria-label={t('unreads', { count: unreads })}
                  >
                    {unreads}
                  </Badge>
                )}
              </HStack>
              <Text fontSize="sm" color="fg.muted" truncate>
                {chat.lastMessage || t('noMessages')}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {formatDateTime(chat.updatedAt, i18n.language)}
              </Text>
            </Box>
          </Box>
        );
      })}
      {fetching && <Spinner size="xs" alignSelf="center" />}
    </Stack>
  );
};
