import {
  ApiRoutes,
  buildPath,
  ClientSocketEvents,
  type MessageForwardInput,
  type MessageRecord,
  type MessageListQuery,
  type MessageSendInput,
  type MessagesPage,
  type MessagesRead,
  type SessionUser,
  type TicketCloseAllInput,
  type TicketCreateInput,
  type TicketImages,
  type TicketListQuery,
  type TicketLogRecord,
  type TicketNoteInput,
  type TicketNoteRecord,
  type TicketRecord,
  type TicketSocketPayload,
  type TicketsPage,
  type TicketUpdateInput,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';
import { pagedList } from '../../api/record-pages.js';
import { followCompanyEvents } from '../../api/socket-cache.js';
import { KanbanTicketsTag } from '../kanban/kanban.api.js';
import { listViewerOf, planListUpdate, type ListViewer } from './list/list-membership.js';
import { applyMessagePayload } from './chat/message-grouping.js';

/** GET /tickets arguments: the contract's query as the web app fills it (page number always set). */
export type TicketListArgs = Partial<TicketListQuery> & { pageNumber: number };
/** A contract input with its defaulted fields left optional (the server fills them). */
type Defaulted<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;
export type SendMessageArgs = Defaulted<MessageSendInput, 'body' | 'quotedMsg' | 'isPrivate'> & {
  ticketId: number;
};

const json = (value: unknown[] | undefined) => (value?.length ? JSON.stringify(value) : undefined);

/** Query params of a ticket list: lists as JSON like the reference client, empty filters left out. */
export const ticketListParams = (
  args: TicketListArgs,
): Record<string, string | number | boolean> => {
  const params: Record<string, string | number | boolean | undefined> = {
    searchParam: args.searchParam || undefined,
    pageNumber: args.pageNumber,
    status: args.status,
    showAll: args.showAll,
    queueIds: json(args.queueIds),
    tags: json(args.tags),
    users: json(args.users),
    whatsapps: json(args.whatsapps),
    statusFilter: json(args.statusFilter),
    userFilter: json(args.userFilter),
    date: args.date,
    updatedAt: args.updatedAt,
    withUnreadMessages: args.withUnreadMessages,
  };
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | number | boolean
  >;
};

/** Every ticket list; closing all refetches them (the answer names no tickets). */
const LIST = { type: 'Ticket' as const, id: 'LIST' };
const KANBAN = KanbanTicketsTag;

/** One list's own tag (its filter, pages aside): a list the socket event cannot settle refetches alone. */
const listTag = (arg: TicketListArgs) => ({
  type: 'Ticket' as const,
  id: `LIST-${JSON.stringify({ ...arg, pageNumber: 0 })}`,
});

const sessionUser = (getState: () => unknown): SessionUser | null =>
  (getState() as { session: { user: SessionUser | null } }).session.user;

const viewerOf = (getState: () => unknown): ListViewer | undefined => {
  const user = sessionUser(getState);
  return user ? listViewerOf(user) : undefined;
};

/**
 * Applies a ticket event to one cached page of a list (see planListUpdate) and keeps its count;
 * true when only a new request can tell whether the ticket entered.
 */
const patchPage = (
  page: TicketsPage,
  payload: TicketSocketPayload,
  arg: TicketListArgs,
  viewer: ListViewer | undefined,
  entering = true,
): boolean => {
  const before = page.tickets.length;
  const plan = planListUpdate(page.tickets, payload, arg, viewer, entering);
  page.tickets = plan.tickets;
  page.count = Math.max(0, page.count + page.tickets.length - before);
  return plan.refetch;
};

type AnswerContext<Result> = {
  dispatch: (action: unknown) => unknown;
  getState: () => unknown;
  queryFulfilled: Promise<{ data: Result }>;
};

/**
 * Applies a mutation's answer to every cached list as the socket event would (the event may come
 * first or not at all) and never refetches: a list the record cannot settle is asked again by the
 * event. A row the socket already brought newer is left as it is.
 */
const applyAnswer = async <Result>(
  { dispatch, getState, queryFulfilled }: AnswerContext<Result>,
  toPayload: (answer: Result) => TicketSocketPayload,
) => {
  let payload: TicketSocketPayload;
  try {
    payload = toPayload((await queryFulfilled).data);
  } catch {
    return;
  }
  const viewer = viewerOf(getState);
  const lists = ticketsApi.util
    .selectInvalidatedBy(getState() as never, [LIST])
    .filter((entry) => entry.endpointName === 'listTickets');
  for (const { originalArgs } of lists) {
    const arg = originalArgs as TicketListArgs;
    dispatch(
      ticketsApi.util.updateQueryData('listTickets', arg, (draft) => {
        if (payload.action === 'update') {
          const cached = draft.tickets.find((t) => t.id === payload.ticket.id);
          if (cached && cached.updatedAt > payload.ticket.updatedAt) return;
        }
        patchPage(draft, payload, arg, viewer);
      }),
    );
  }
};

type MessagesArgs = Pick<MessageListQuery, 'pageNumber' | 'selectedQueues'> & { ticketId: number };

/** The ticket workspace calls (tickets service through the gateway). */
export const ticketsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listTickets: build.query<TicketsPage, TicketListArgs>({
      query: (args) => ({ url: ApiRoutes.tickets.root, params: ticketListParams(args) }),
      // pages of one filter share a cache entry
      ...pagedList<TicketsPage, TicketListArgs>({
        rows: 'tickets',
        key: (args) => JSON.stringify({ ...args, pageNumber: 0 }),
      }),
      providesTags: (_page, _e, arg) => [LIST, listTag(arg)],
      // Ticket events and new messages patch the rows: unread ones move to the top (spec 1 §4); only
      // this list is asked again when the event cannot tell whether a ticket entered it.
      async onCacheEntryAdded(arg, context) {
        const viewer = viewerOf(context.getState);
        const patch = (payload: TicketSocketPayload, entering?: boolean) => {
          let refetch = false;
          context.updateCachedData((draft) => {
            refetch = patchPage(draft, payload, arg, viewer, entering);
          });
          if (refetch) context.dispatch(baseApi.util.invalidateTags([listTag(arg)]));
        };
        await Promise.all([
          followCompanyEvents(context, 'ticket', (payload) => patch(payload)),
          // an acknowledgement or an edit changes no list's members; a new message may add one
          followCompanyEvents(context, 'appMessage', (payload) => {
            if (payload.action !== 'delete')
              patch({ action: 'update', ticket: payload.ticket }, payload.action === 'create');
          }),
        ]);
      },
    }),
    getTicketByUuid: build.query<TicketRecord, string>({
      query: (uuid) => buildPath(ApiRoutes.tickets.byUuid, { uuid }),
      providesTags: (ticket) => [{ type: 'Ticket', id: ticket?.id ?? 'UUID' }],
      // the open ticket follows its updates (status, user, presence)
      async onCacheEntryAdded(_uuid, context) {
        await followCompanyEvents(context, 'ticket', (payload) => {
          if (payload.action !== 'update') return;
          context.updateCachedData((draft) =>
            draft.id === payload.ticket.id ? { ...draft, ...payload.ticket } : draft,
          );
        });
      },
    }),
    createTicket: build.mutation<TicketRecord, Defaulted<TicketCreateInput, 'status'>>({
      query: (body) => ({ url: ApiRoutes.tickets.root, method: 'POST', body }),
      invalidatesTags: [KANBAN],
      onQueryStarted: (_args, api) => applyAnswer(api, (ticket) => ({ action: 'update', ticket })),
    }),
    updateTicket: build.mutation<TicketRecord, TicketUpdateInput & { id: number }>({
      query: putById(ApiRoutes.tickets.byId),
      invalidatesTags: [KANBAN],
      // the answer is the ticket as stored: the lists and the open ticket take it without a request
      onQueryStarted: (_args, api) =>
        applyAnswer(api, (ticket) => {
          api.dispatch(
            ticketsApi.util.updateQueryData('getTicketByUuid', ticket.uuid, (draft) =>
              draft.id === ticket.id ? { ...draft, ...ticket } : draft,
            ),
          );
          return { action: 'update', ticket };
        }),
    }),
    deleteTicket: build.mutation<void, number>({
      query: deleteById(ApiRoutes.tickets.byId),
      invalidatesTags: [KANBAN],
      onQueryStarted: (ticketId, api) => applyAnswer(api, () => ({ action: 'delete', ticketId })),
    }),
    closeAllTickets: build.mutation<void, Defaulted<TicketCloseAllInput, 'status'>>({
      query: (body) => ({ url: ApiRoutes.tickets.closeAll, method: 'POST', body }),
      invalidatesTags: [LIST, KANBAN],
    }),
    listTicketLogs: build.query<TicketLogRecord[], number>({
      query: (ticketId) => buildPath(ApiRoutes.tickets.log, { ticketId }),
    }),
    listMessages: build.query<MessagesPage, MessagesArgs>({
      query: ({ ticketId, pageNumber, selectedQueues }) => ({
        url: buildPath(ApiRoutes.messages.byTicket, { ticketId }),
        params: {
          pageNumber,
          ...(selectedQueues?.length ? { selectedQueues: json(selectedQueues) } : {}),
        },
      }),
      // Older pages go above the loaded ones (the list is oldest first, newest at the bottom).
      ...pagedList<MessagesPage, MessagesArgs>({
        rows: 'messages',
        key: (args) => args.ticketId,
        olderFirst: true,
      }),
      providesTags: (_r, _e, { ticketId }) => [{ type: 'Ticket', id: `MSG-${ticketId}` }],
      // joins the ticket's room and appends, replaces or marks deleted the messages it announces
      async onCacheEntryAdded({ ticketId }, context) {
        await followCompanyEvents(
          context,
          'appMessage',
          (payload) =>
            context.updateCachedData((draft) => {
              draft.messages = applyMessagePayload(draft.messages, payload, ticketId);
            }),
          (emit) => emit(ClientSocketEvents.joinChatBox, String(ticketId)),
        );
      },
    }),
    /** keeps the open ticket read; the lists learn it from the ticket's updateUnread event */
    markTicketRead: build.mutation<MessagesRead, number>({
      query: (ticketId) => ({
        url: buildPath(ApiRoutes.messages.read, { ticketId }),
        method: 'POST',
      }),
    }),
    sendMessage: build.mutation<void, SendMessageArgs>({
      query: ({ ticketId, ...body }) => ({
        url: buildPath(ApiRoutes.messages.byTicket, { ticketId }),
        method: 'POST',
        body: { read: true, fromMe: true, ...body },
      }),
    }),
    sendMedia: build.mutation<
      void,
      { ticketId: number; files: File[]; body?: string; isPrivate?: boolean }
    >({
      query: ({ ticketId, files, body, isPrivate }) => {
        const form = new FormData();
        form.append('fromMe', 'true');
        form.append('body', body ?? '');
        form.append('isPrivate', String(Boolean(isPrivate)));
        for (const file of files) form.append('medias', file);
        return {
          url: buildPath(ApiRoutes.messages.byTicket, { ticketId }),
          method: 'POST',
          body: form,
        };
      },
    }),
    deleteMessage: build.mutation<void, string>({
      query: deleteById(ApiRoutes.messages.byId),
    }),
    editMessage: build.mutation<void, { id: string; body: string }>({
      query: ({ id, body }) => ({
        url: buildPath(ApiRoutes.messages.byId, { id }),
        method: 'PUT',
        body: { body },
      }),
    }),
    /** the conversation's images (the gallery), fetched when it opens */
    listTicketImages: build.query<TicketImages, number>({
      query: (ticketId) => ({ url: buildPath(ApiRoutes.messages.images, { ticketId }) }),
      keepUnusedDataFor: 0,
    }),
    /** the reaction arrives in the chat like any sent message (appMessage create) */
    reactToMessage: build.mutation<MessageRecord, { id: string; type: string }>({
      query: ({ id, type }) => ({
        url: buildPath(ApiRoutes.messages.reactions, { id }),
        method: 'POST',
        body: { type },
      }),
    }),
    forwardMessage: build.mutation<void, Defaulted<MessageForwardInput, 'signMessage'>>({
      query: (body) => ({ url: ApiRoutes.messages.forward, method: 'POST', body }),
    }),
    listTicketNotes: build.query<TicketNoteRecord[], { ticketId: number; contactId: number }>({
      query: (params) => ({ url: ApiRoutes.ticketNotes.list, params }),
      providesTags: (_r, _e, { ticketId }) => [{ type: 'Ticket', id: `NOTES-${ticketId}` }],
    }),
    createTicketNote: build.mutation<TicketNoteRecord, TicketNoteInput>({
      query: (body) => ({ url: ApiRoutes.ticketNotes.root, method: 'POST', body }),
      invalidatesTags: (_r, _e, { ticketId }) => [{ type: 'Ticket', id: `NOTES-${ticketId}` }],
    }),
    deleteTicketNote: build.mutation<void, { id: number; ticketId: number }>({
      query: ({ id }) => ({ url: buildPath(ApiRoutes.ticketNotes.byId, { id }), method: 'DELETE' }),
      invalidatesTags: (_r, _e, { ticketId }) => [{ type: 'Ticket', id: `NOTES-${ticketId}` }],
    }),
  }),
});

export const {
  useListTicketsQuery,
  useGetTicketByUuidQuery,
  useCreateTicketMutation,
  useUpdateTicketMutation,
  useDeleteTicketMutation,
  useCloseAllTicketsMutation,
  useListTicketLogsQuery,
  useListMessagesQuery,
  useSendMessageMutation,
  useMarkTicketReadMutation,
  useSendMediaMutation,
  useDeleteMessageMutation,
  useEditMessageMutation,
  useListTicketImagesQuery,
  useReactToMessageMutation,
  useForwardMessageMutation,
  useListTicketNotesQuery,
  useCreateTicketNoteMutation,
  useDeleteTicketNoteMutation,
} = ticketsApi;
