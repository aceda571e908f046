import {
  Box,
  Button,
  Flex,
  HStack,
  IconButton,
  Link,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  ChatTypingRepeatMs,
  ChatTypingShowMs,
  ClientSocketEvents,
  splitTicketMentions,
  type Chat,
  type ChatMessage,
  type ChatSocketPayload,
  type SessionUser,
} from '@sb/contracts';
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuSendHorizontal, LuTrash2 } from 'react-icons/lu';
import { useNavigate } from 'react-router-dom';
import { currentSocket } from '../../api/socket.js';
import { companyEventNames, followSocket } from '../../api/socket-cache.js';
import { formatDateTime } from '../../lib/dates.js';
import { toastError } from '../../components/toaster.js';
import {
  unreadsOf,
  useChatMessagesQuery,
  useLazyMentionedTicketQuery,
  useMarkChatReadMutation,
  useSendChatMessageMutation,
} from './chats.api.js';

/** spec 3 §9: older messages load when scrolled under 600 px from the top. */
export const OlderMessagesThresholdPx = 600;

/** A message's text with its `#<ticket id>` mentions as links that open the ticket. */
const MessageText = ({ text }: { text: string }) => {
  const { t } = useTranslation('chats');
  const navigate = useNavigate();
  const [findTicket] = useLazyMentionedTicketQuery();
  const open = async (ticketId: number) => {
    try {
      const ticket = await findTicket(ticketId, true).unwrap();
      void navigate(`/tickets/${ticket.uuid}`);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <Text whiteSpace="pre-wrap" wordBreak="break-word">
      {splitTicketMentions(text).map((part, index) =>
        'ticketId' in part ? (
          <Link
            key={index}
            asChild
            colorPalette="brand"
            fontWeight="semibold"
            textDecoration="underline"
            data-testid="ticket-mention"
          >
            <button
              type="button"
              aria-label={t('openTicket', { id: part.ticketId })}
              onClick={() => void open(part.ticketId)}
            >
              {part.text}
            </button>
          </Link>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  );
};

/** Who of the other members has read up to `message` (read receipts). */
const readersOf = (chat: Chat, message: ChatMessage, viewerId: number): string[] =>
  chat.users
    .filter((m) => m.userId !== viewerId && m.lastReadAt && m.lastReadAt >= message.createdAt)
    .map((m) => m.user.name);

/** The other members typing in this chat now (each shown for a few seconds after their signal). */
const useTypingMembers = (chat: Chat, viewer: Pick<SessionUser, 'id' | 'companyId'>) => {
  const [typing, setTyping] = useState<Record<number, string>>({});
  useEffect(() => {
    setTyping({});
    const timers = new Map<number, ReturnType<typeof setTimeout>>();
    const stop = followSocket(
      companyEventNames(viewer.companyId, 'chat'),
      (payload: ChatSocketPayload) => {
        if (payload?.action === 'new-message' && payload.chat.id === chat.id) {
          const sender = payload.newMessage.senderId;
          clearTimeout(timers.get(sender));
          setTyping(({ [sender]: _gone, ...rest }) => rest);
        }
        if (payload?.action !== 'typing' || payload.chatId !== chat.id) return;
        const { id, name: who } = payload.user;
        setTyping((all) => ({ ...all, [id]: who }));
        clearTimeout(timers.get(id));
        timers.set(
          id,
          setTimeout(() => setTyping(({ [id]: _gone, ...rest }) => rest), ChatTypingShowMs),
        );
      },
    );
    return () => {
      stop();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [chat.id, viewer.companyId]);
  return Object.values(typing);
};

/**
 * One chat (spec 3 §2.13): its title and members, the owner's edit and delete, the messages (older
 * pages load near the top), who is typing, who has read, and the composer. Opening it marks it read.
 */
export const ChatMessages = ({
  chat,
  viewer,
  onEdit,
  onDelete,
}: {
  chat: Chat;
  viewer: Pick<SessionUser, 'id' | 'companyId'>;
  onEdit: () => void;
  onDelete: () => void;
}) => {
  const { t, i18n } = useTranslation('chats');
  const [pageNumber, setPageNumber] = useState(1);
  const { data, isLoading, isFetching } = useChatMessagesQuery({ chatId: chat.id, pageNumber });
  const [send, { isLoading: sending }] = useSendChatMessageMutation();
  const [markRead] = useMarkChatReadMutation();
  const [draft, setDraft] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const lastTyped = useRef(0);
  const kept = useRef<{ height: number; top: number; firstId?: number } | null>(null);
  const typing = useTypingMembers(chat, viewer);
  const records = useMemo(() => data?.records ?? [], [data]);
  const unreads = unreadsOf(chat, viewer.id);
  const owner = chat.ownerId === viewer.id;

  useEffect(() => setPageNumber(1), [chat.id]);

  // reading the chat clears the caller's unreads (and tells the others, for their receipts)
  useEffect(() => {
    if (unreads > 0) void markRead({ chatId: chat.id, userId: viewer.id });
  }, [chat.id, unreads, viewer.id, markRead]);

  // older messages come in above: keep what the person sees in place; new ones at the end scroll
  // into view when the list was at its end
  useLayoutEffect(() => {
    const box = list.current;
    if (!box) return;
    const before = kept.current;
    if (before && before.firstId !== records[0]?.id) {
      box.scrollTop = box.scrollHeight - before.height + before.top;
    } else if (!before || before.height - before.top - box.clientHeight < 80) {
      box.scrollTop = box.scrollHeight;
    }
    kept.current = { height: box.scrollHeight, top: box.scrollTop, firstId: records[0]?.id };
  }, [records]);

  const onScroll = () => {
    const box = list.current;
    if (!box) return;
    kept.current = { height: box.scrollHeight, top: box.scrollTop, firstId: records[0]?.id };
    if (box.scrollTop < OlderMessagesThresholdPx && data?.hasMore && !isFetching) {
      setPageNumber((page) => page + 1);
    }
  };

  const typed = (text: string) => {
    setDraft(text);
    const now = Date.now();
    if (text.trim() && now - lastTyped.current > ChatTypingRepeatMs) {
      lastTyped.current = now;
      currentSocket()?.emit(ClientSocketEvents.chatTyping, { chatId: chat.id });
    }
  };

  const submit = async () => {
    const message = draft.trim();
    if (!message || sending) return; // spec 3 §5: a blank message is not sent
    try {
      await send({ chatId: chat.id, message }).unwrap();
      setDraft('');
      lastTyped.current = 0;
    } catch (error) {
      toastError(error);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit();
    }
  };

  const lastMine = [...records].reverse().find((m) => m.senderId === viewer.id);
  const readers = lastMine ? readersOf(chat, lastMine, viewer.id) : [];

  return (
    <Flex direction="column" flex="1" minH="0" minW="0" data-testid="chat-panel">
      <HStack px="3" py="2" borderBottomWidth="1px" gap="2">
        <Box flex="1" minW="0">
          <Text as="h2" fontWeight="semibold" truncate data-testid="chat-title">
            {chat.title}
          </Text>
          <Text fontSize="xs" color="fg.muted" truncate>
            {chat.users.map((m) => m.user.name).join(', ')}
          </Text>
        </Box>
        {owner && (
          <>
            <IconButton
              aria-label={t('edit')}
              title={t('edit')}
              size="sm"
              variant="ghost"
              onClick={onEdit}
            >
              <LuPencil />
            </IconButton>
            <IconButton
              aria-label={t('delete')}
              title={t('delete')}
              size="sm"
              variant="ghost"
              onClick={onDelete}
            >
              <LuTrash2 />
            </IconButton>
          </>
        )}
      </HStack>
      <Stack
        ref={list}
        flex="1"
        minH="0"
        overflowY="auto"
        gap="2"
        p="3"
        onScroll={onScroll}
        role="log"
        aria-label={t('messages')}
        tabIndex={0}
        data-testid="chat-messages"
      >
        {(isLoading || (isFetching && pageNumber > 1)) && <Spinner size="sm" alignSelf="center" />}
        {!isLoading && records.length === 0 && (
          <Text color="fg.muted" textAlign="center" mt="4">
            {t('noMessages')}
          </Text>
        )}
        {records.map((message) => {
          const mine = message.senderId === viewer.id;
          return (
            <Box
              key={message.id}
              alignSelf={mine ? 'flex-end' : 'flex-start'}
              maxW="80%"
              bg={mine ? 'brand.subtle' : 'bg.muted'}
              color="fg"
              px="3"
              py="2"
              rounded="md"
              data-testid="chat-message"
            >
              {!mine && (
                <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
                  {message.sender.name || t('formerUser')}
                </Text>
              )}
              <MessageText text={message.message} />
              <Text fontSize="xs" color="fg.muted" textAlign="end">
                {formatDateTime(message.createdAt, i18n.language)}
              </Text>
              {message === lastMine && readers.length > 0 && (
                <Text fontSize="xs" color="fg.muted" textAlign="end" data-testid="chat-read-by">
                  {t('readBy', { names: readers.join(', ') })}
                </Text>
              )}
            </Box>
          );
        })}
      </Stack>
      <Text
        fontSize="xs"
        color="fg.muted"
        px="3"
        minH="5"
        aria-live="polite"
        data-testid="chat-typing"
      >
        {typing.length > 0 ? t('typing', { names: typing.join(', '), count: typing.length }) : ''}
      </Text>
      <HStack
        as="form"
        px="3"
        pb="3"
        gap="2"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Textarea
          value={draft}
          onChange={(event) => typed(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('typeMessage')}
          aria-label={t('typeMessage')}
          rows={1}
          autoresize
          maxH="32"
          data-testid="chat-composer"
        />
        <Button
          type="submit"
          colorPalette="brand"
          aria-label={t('send')}
          loading={sending}
          disabled={!draft.trim()}
        >
          <LuSendHorizontal />
        </Button>
      </HStack>
    </Flex>
  );
};
