import {
  ApiRoutes,
  buildPath,
  type Chat,
  type ChatInputValues,
  type ChatMember,
  type ChatMessage,
  type ChatMessagePage,
  type ChatPage,
  type ChatSocketPayload,
  type SessionUser,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';
import { followCompanyEvents } from '../../api/socket-cache.js';
import { pagedList } from '../../api/record-pages.js';

export type ChatListArgs = { searchParam: string; pageNumber: number };
export type ChatMessagesArgs = { chatId: number; pageNumber: number };

/** The first page, as the shell, the popover and the page ask for it (spec 1 §9: lists start at page 1). */
export const FirstChatPage: ChatListArgs = { searchParam: '', pageNumber: 1 };

const newestFirst = (a: Chat, b: Chat) =>
  b.updatedAt === a.updatedAt ? b.id - a.id : b.updatedAt < a.updatedAt ? -1 : 1;

/**
 * A chat as a socket event or an answer brings it: the list keeps the caller's chats only, by last
 * message and update time (spec 1 §2); a chat the caller left goes away.
 */
export const applyChat = (page: ChatPage, chat: Chat, userId: number): void => {
  const others = page.records.filter((r) => r.id !== chat.id);
  const known = page.records.find((r) => r.id === chat.id);
  if (known && chat.updatedAt < known.updatedAt) return;
  const member = chat.users.some((m) => m.userId === userId);
  const next = known ? { ...chat, users: chat.users.map((m) => newerRead(m, known.users)) } : chat;
  page.records = (member ? [...others, next] : others).sort(newestFirst);
};

/**
 * A member's read state never goes back: two reads committed close together may arrive with the
 * older snapshot last (the other member's event was read before this one's read committed).
 */
const newerRead = (member: ChatMember, known: ChatMember[]): ChatMember => {
  const before = known.find((m) => m.userId === member.userId);
  return before?.lastReadAt && (!member.lastReadAt || member.lastReadAt < before.lastReadAt)
    ? { ...member, unreads: before.unreads, lastReadAt: before.lastReadAt }
    : member;
};

export const removeChat = (page: ChatPage, id: number): void => {
  page.records = page.records.filter((r) => r.id !== id);
};

export const appendMessage = (page: ChatMessagePage, message: ChatMessage): void => {
  if (page.records.some((m) => m.id === message.id)) return;
  page.records.push(message);
  page.count += 1;
};

type PatchApi<R> = {
  queryFulfilled: Promise<{ data: R }>;
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
};

export const chatsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The caller's chats; company-<id>-chat events keep every cached search current. */
    listChats: build.query<ChatPage, ChatListArgs>({
      query: (params) => ({ url: `${ApiRoutes.chats.root}/`, params }),
      ...pagedList<ChatPage, ChatListArgs>(),
      providesTags: (result) => [
        { type: 'Chat', id: 'LIST' },
        ...(result?.records ?? []).map(({ id }) => ({ type: 'Chat' as const, id })),
      ],
      async onCacheEntryAdded(_arg, api) {
        const user = (api.getState() as unknown as { session: { user: SessionUser | null } })
          .session.user;
        if (!user) return;
        await followCompanyEvents(api, 'chat', (payload: ChatSocketPayload) =>
          api.updateCachedData((page) => {
            if (payload.action === 'delete') removeChat(page, payload.id);
            else if (payload.action === 'new-message') applyChat(page, payload.chat, user.id);
            else if (payload.action !== 'typing') applyChat(page, payload.record, user.id);
          }),
        );
      },
    }),
    /** One chat by id or uuid (the /chats/{uuid} route). */
    getChat: build.query<Chat, string>({
      query: (id) => buildPath(ApiRoutes.chats.byId, { id }),
      providesTags: (chat) => (chat ? [{ type: 'Chat', id: chat.id }] : []),
    }),
    /** A chat's messages, newest page first; older pages come in front as the person scrolls up. */
    chatMessages: build.query<ChatMessagePage, ChatMessagesArgs>({
      query: ({ chatId, pageNumber }) => ({
        url: buildPath(ApiRoutes.chats.messages, { id: chatId }),
        params: { pageNumber },
      }),
      // page 1 holds the newest messages; an older page goes before what the list holds
      ...pagedList<ChatMessagePage, ChatMessagesArgs>({
        key: (args) => args.chatId,
        olderFirst: true,
        refetchKeepsOlder: true,
      }),
      async onCacheEntryAdded(arg, api) {
        await followCompanyEvents(api, 'chat', (payload: ChatSocketPayload) => {
          if (payload.action === 'new-message' && payload.chat.id === arg.chatId) {
            api.updateCachedData((page) => appendMessage(page, payload.newMessage));
          }
        });
      },
    }),
    /** The ticket a message mentions (`#<id>`), for its uuid: the tickets page opens by uuid. */
    mentionedTicket: build.query<{ id: number; uuid: string }, number>({
      query: (id) => buildPath(ApiRoutes.tickets.byId, { id }),
      transformResponse: ({ id, uuid }: { id: number; uuid: string }) => ({ id, uuid }),
    }),
    createChat: build.mutation<Chat, ChatInputValues>({
      query: (body) => ({ url: ApiRoutes.chats.root, method: 'POST', body }),
      onQueryStarted: (_arg, api) =>
        patchChatLists(api, (page, chat, me) => applyChat(page, chat, me)),
    }),
    updateChat: build.mutation<Chat, ChatInputValues & { id: number }>({
      query: putById(ApiRoutes.chats.byId),
      onQueryStarted: (_arg, api) =>
        patchChatLists(api, (page, chat, me) => applyChat(page, chat, me)),
    }),
    deleteChat: build.mutation<{ id: number }, number>({
      query: deleteById(ApiRoutes.chats.byId),
      onQueryStarted: (_arg, api) => patchChatLists(api, (page, { id }) => removeChat(page, id)),
    }),
    sendChatMessage: build.mutation<ChatMessage, { chatId: number; message: string }>({
      query: ({ chatId, message }) => ({
        url: buildPath(ApiRoutes.chats.messages, { id: chatId }),
        method: 'POST',
        body: { message },
      }),
      async onQueryStarted({ chatId }, api) {
        try {
          const { data } = await api.queryFulfilled;
          api.dispatch(
            chatsApi.util.updateQueryData('chatMessages', { chatId, pageNumber: 1 }, (page) =>
              appendMessage(page, data),
            ),
          );
        } catch {
          // the composer shows the error
        }
      },
    }),
    /** The caller read the chat: their unread count goes to 0 at once. */
    markChatRead: build.mutation<Chat, { chatId: number; userId: number }>({
      query: ({ chatId, userId }) => ({
        url: buildPath(ApiRoutes.chats.read, { id: chatId }),
        method: 'POST',
        body: { userId },
      }),
      onQueryStarted: (_arg, api) =>
        patchChatLists(api, (page, chat, me) => applyChat(page, chat, me)),
    }),
  }),
});

/** After a successful write, patch every cached list (a refetch would drop the loaded pages). */
async function patchChatLists<R>(
  api: PatchApi<R>,
  patch: (page: ChatPage, record: R, userId: number) => void,
): Promise<void> {
  let record: R;
  try {
    ({ data: record } = await api.queryFulfilled);
  } catch {
    return; // the caller shows the error
  }
  const state = api.getState() as Parameters<typeof chatsApi.util.selectCachedArgsForQuery>[0] & {
    session: { user: SessionUser | null };
  };
  const userId = state.session.user?.id ?? 0;
  for (const args of chatsApi.util.selectCachedArgsForQuery(state, 'listChats')) {
    api.dispatch(
      chatsApi.util.updateQueryData('listChats', args, (page) => patch(page, record, userId)),
    );
  }
}

export const {
  useListChatsQuery,
  useGetChatQuery,
  useChatMessagesQuery,
  useLazyMentionedTicketQuery,
  useCreateChatMutation,
  useUpdateChatMutation,
  useDeleteChatMutation,
  useSendChatMessageMutation,
  useMarkChatReadMutation,
} = chatsApi;

/** The caller's unread count in a chat. */
export const unreadsOf = (chat: Chat, userId: number): number =>
  chat.users.find((member) => member.userId === userId)?.unreads ?? 0;

export const hasUnreadChats = (chats: readonly Chat[] | undefined, userId: number) =>
  (chats ?? []).some((chat) => unreadsOf(chat, userId) > 0);

/** The drawer's unread dot, from the cached first page (the shell's chat watcher keeps it loaded). */
export const useUnreadChats = (userId: number) =>
  hasUnreadChats(chatsApi.endpoints.listChats.useQueryState(FirstChatPage).data?.records, userId);
