import { Box, Flex, Stack, Tabs, Text } from '@chakra-ui/react';
import type { Chat } from '@sb/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMessageCircle } from 'react-icons/lu';
import { useNavigate, useParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.js';
import { DeleteConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { useDebounced } from '../../components/paged-search.js';
import { SearchAddBar } from '../../components/paged-table.js';
import { useDeleteConfirm } from '../../components/record-dialogs.js';
import { notify } from '../../components/toaster.js';
import { MobileQuery, useMediaQuery } from '../../components/use-media-query.js';
import { selectUser } from '../auth/session.slice.js';
import { ChatList } from './chat-list.js';
import { ChatMessages } from './chat-messages.js';
import { ChatModal } from './chat-modal.js';
import { useDeleteChatMutation, useGetChatQuery, useListChatsQuery } from './chats.api.js';

type Tab = 'chats' | 'messages';

/**
 * /chats and /chats/{uuid} (spec 3 §2.13): the caller's chats on the left and the chosen one on the
 * right on wide screens; on a phone two tabs, Chats and Messages. New chats come from the modal.
 */
export const ChatsPage = () => {
  const { t } = useTranslation('chats');
  const viewer = useAppSelector(selectUser)!;
  const phone = useMediaQuery(MobileQuery);
  const navigate = useNavigate();
  const { id: uuid } = useParams();
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim());
  // a new search starts again at page 1 (spec 3 §4)
  const [paging, setPaging] = useState({ searchParam: '', pageNumber: 1 });
  const pageNumber = paging.searchParam === searchParam ? paging.pageNumber : 1;
  const [tab, setTab] = useState<Tab>(uuid ? 'messages' : 'chats');
  const [form, setForm] = useState<{ open: boolean; chat: Chat | null }>({
    open: false,
    chat: null,
  });
  const { data, isFetching } = useListChatsQuery({ searchParam, pageNumber });
  const chats = data?.records ?? [];
  const listed = chats.find((chat) => chat.uuid === uuid);
  // a chat past the loaded pages (a link, the popover) is asked for by itself
  const { data: fetched, isError } = useGetChatQuery(uuid ?? '', { skip: !uuid || !!listed });
  const chat = listed ?? (fetched?.uuid === uuid ? fetched : undefined);
  const [deleteChat] = useDeleteChatMutation();
  const remove = useDeleteConfirm<Chat>(deleteChat, () => {
    notify.success(t('deleted'));
    void navigate('/chats');
  });

  useEffect(() => {
    if (uuid) setTab('messages');
  }, [uuid]);

  const choose = (next: Chat) => void navigate(`/chats/${next.uuid}`);

  const list = (
    <Stack flex="1" minH="0" gap="2" data-testid="chats-list-pane">
      <SearchAddBar
        search={search}
        onSearch={setSearch}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={() => setForm({ open: true, chat: null })}
      />
      {chats.length === 0 && !isFetching ? (
        <Text color="fg.muted">{t('empty')}</Text>
      ) : (
        <ChatList
          chats={chats}
          viewerId={viewer.id}
          selectedId={chat?.id}
          hasMore={!!data?.hasMore}
          fetching={isFetching}
          onMore={() => setPaging({ searchParam, pageNumber: pageNumber + 1 })}
          onChoose={choose}
        />
      )}
    </Stack>
  );

  const messages = chat ? (
    <ChatMessages
      key={chat.id}
      chat={chat}
      viewer={viewer}
      onEdit={() => setForm({ open: true, chat })}
      onDelete={() => remove.ask(chat)}
    />
  ) : (
    <Flex
      flex="1"
      align="center"
      justify="center"
      direction="column"
      gap="2"
      color="fg.muted"
      p="6"
    >
      <LuMessageCircle size="32" />
      <Text textAlign="center">{uuid && isError ? t('notFound') : t('choose')}</Text>
    </Flex>
  );

  return (
    <PageTitle
      titleKey="chats"
      display="flex"
      flexDirection="column"
      flex="1"
      minH="0"
      p={{ base: '3', md: '0' }}
    >
      {phone ? (
        <Tabs.Root
          value={tab}
          onValueChange={(details) => setTab(details.value as Tab)}
          size="sm"
          display="flex"
          flexDirection="column"
          flex="1"
          minH="0"
        >
          <Tabs.List>
            <Tabs.Trigger value="chats">{t('tabs.chats')}</Tabs.Trigger>
            <Tabs.Trigger value="messages">{t('tabs.messages')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content
            value="chats"
            display={tab === 'chats' ? 'flex' : 'none'}
            flex="1"
            minH="0"
            pb="0"
          >
            {list}
          </Tabs.Content>
          <Tabs.Content
            value="messages"
            display={tab === 'messages' ? 'flex' : 'none'}
            flex="1"
            minH="0"
            pb="0"
            borderWidth="1px"
            rounded="md"
            bg="bg.panel"
          >
            {messages}
          </Tabs.Content>
        </Tabs.Root>
      ) : (
        <Flex flex="1" minH="0" gap="3">
          <Flex w={{ md: '72', xl: '80' }} flexShrink={0} minH="0">
            {list}
          </Flex>
          <Box
            display="flex"
            flex="1"
            minW="0"
            minH="0"
            borderWidth="1px"
            rounded="md"
            bg="bg.panel"
          >
            {messages}
          </Box>
        </Flex>
      )}
      <ChatModal
        open={form.open}
        chat={form.chat}
        viewer={viewer}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={(saved) => {
          notify.success(t('saved'));
          choose(saved);
        }}
      />
      <DeleteConfirmDialog confirm={remove} title={t('deleteTitle')} warning={t('deleteWarning')} />
    </PageTitle>
  );
};
