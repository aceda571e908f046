import { baseApi } from '../../api/base-api.js';

/** The fields of an internal chat the shell reads; the chats feature owns the rest. */
export type ChatSummary = {
  id: number;
  uuid: string;
  title: string;
  updatedAt: string;
  users: { userId: number; unreads: number }[];
};

export type ChatPage = { records: ChatSummary[]; hasMore: boolean };
export type ChatListArgs = { searchParam: string; pageNumber: number };

/** The first page, as the chats popover and screen ask for it (spec 1 §9: lists start at page 1). */
export const FirstChatPage: ChatListArgs = { searchParam: '', pageNumber: 1 };

export const chatsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listChats: build.query<ChatPage, ChatListArgs>({
      query: (params) => ({ url: '/chats/', params }),
      providesTags: (result) => [
        { type: 'Chat', id: 'LIST' },
        ...(result?.records ?? []).map(({ id }) => ({ type: 'Chat' as const, id })),
      ],
    }),
  }),
});

export const hasUnreadChats = (chats: readonly ChatSummary[] | undefined, userId: number) =>
  (chats ?? []).some((chat) =>
    chat.users.some((member) => member.userId === userId && member.unreads > 0),
  );

/** The drawer's unread dot, from the cached first page (never fetched by the shell itself). */
export const useUnreadChats = (userId: number) =>
  hasUnreadChats(chatsApi.endpoints.listChats.useQueryState(FirstChatPage).data?.records, userId);
