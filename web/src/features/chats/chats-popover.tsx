import { Box, EmptyState, Spinner } from '@chakra-ui/react';
import type { SessionUser } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMessageCircle } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { ChatList } from './chat-list.js';
import { useListChatsQuery } from './chats.api.js';

/**
 * The top bar's internal chats popover (spec 1 §2): the user's chats by last message and update time,
 * unread ones marked; choosing one opens /chats/{uuid}.
 */
export const ChatsPopoverList = ({
  viewer,
  onChosen,
}: {
  viewer: Pick<SessionUser, 'id'>;
  onChosen?: () => void;
}) => {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [pageNumber, setPageNumber] = useState(1);
  const { data, isLoading, isFetching } = useListChatsQuery({ searchParam: '', pageNumber });
  const chats = data?.records ?? [];

  if (isLoading) return <Spinner size="sm" m="4" />;
  if (chats.length === 0) {
    return (
      <EmptyState.Root size="sm">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuMessageCircle />
          </EmptyState.Indicator>
          <EmptyState.Description>{t('noChats')}</EmptyState.Description>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  return (
    <Box display="flex" maxH="sm">
      <ChatList
        chats={chats}
        viewerId={viewer.id}
        hasMore={!!data?.hasMore}
        fetching={isFetching}
        onMore={() => setPageNumber((page) => page + 1)}
        onChoose={(chat) => {
          onChosen?.();
          void navigate(`/chats/${chat.uuid}`);
        }}
        testId="chats-popover-list"
      />
    </Box>
  );
};
