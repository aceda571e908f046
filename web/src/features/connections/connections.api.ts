import {
  ApiRoutes,
  buildPath,
  type CloseImportedTicketsReply,
  type ConnectionCreateInput,
  type ConnectionRecord,
  type FacebookConnectInput,
  type FacebookConnectReply,
  type ImportProgress,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';
import { followCompanyEvents } from '../../api/socket-cache.js';
import { useDebounced } from '../../components/paged-search.js';

/** The fields of a connection the shell reads; the connections feature owns the rest. */
export type ConnectionSummary = { id: number; name: string; status: string; queueIds?: number[] };

export const ConnectedStatus = 'CONNECTED';

const LIST = { type: 'Connection' as const, id: 'LIST' };
type Message = { message: string };
/** What the edit form sends (the contract's input before its defaults). */
export type ConnectionFormValues = Partial<ConnectionCreateInput> & { name: string };

export const connectionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listConnections: build.query<ConnectionSummary[], void>({
      query: () => ({ url: ApiRoutes.connections.root, params: { session: 0 } }),
      providesTags: (result) => [
        { type: 'Connection', id: 'LIST' },
        ...(result ?? []).map(({ id }) => ({ type: 'Connection' as const, id })),
      ],
      // the drawer's badge reads it on every page: status changes must reach it
      onCacheEntryAdded: (_arg, lifecycle) =>
        followCompanyEvents(lifecycle, ['whatsapp', 'whatsappSession'], () =>
          lifecycle.dispatch(connectionsApi.util.invalidateTags([LIST])),
        ),
    }),
    /** The /connections list, QR codes included; kept fresh by the whatsapp and session sockets. */
    listConnectionRecords: build.query<ConnectionRecord[], void>({
      query: () => ({ url: ApiRoutes.connections.root }),
      providesTags: [LIST],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followCompanyEvents(lifecycle, ['whatsapp', 'whatsappSession'], () =>
          lifecycle.dispatch(connectionsApi.util.invalidateTags([LIST])),
        ),
    }),
    createConnection: build.mutation<ConnectionRecord, ConnectionFormValues>({
      query: (body) => ({ url: ApiRoutes.connections.root, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateConnection: build.mutation<ConnectionRecord, ConnectionFormValues & { id: number }>({
      query: putById(ApiRoutes.connections.byId),
      invalidatesTags: [LIST],
    }),
    deleteConnection: build.mutation<{ id: number }, number>({
      query: deleteById(ApiRoutes.connections.byId),
      invalidatesTags: [LIST],
    }),
    startSession: build.mutation<Message, number>({
      query: (id) => ({ url: buildPath(ApiRoutes.connections.session, { id }), method: 'POST' }),
      invalidatesTags: [LIST],
    }),
    renewSession: build.mutation<Message, number>({
      query: (id) => ({ url: buildPath(ApiRoutes.connections.session, { id }), method: 'PUT' }),
      invalidatesTags: [LIST],
    }),
    disconnectSession: build.mutation<Message, number>({
      query: deleteById(ApiRoutes.connections.session),
      invalidatesTags: [LIST],
    }),
    restartConnections: build.mutation<Message, void>({
      query: () => ({ url: ApiRoutes.connections.restartAll, method: 'POST' }),
      invalidatesTags: [LIST],
    }),
    closeImportedTickets: build.mutation<CloseImportedTicketsReply, number>({
      query: (id) => ({
        url: buildPath(ApiRoutes.connections.closeImported, { id }),
        method: 'POST',
      }),
      invalidatesTags: [LIST],
    }),
    /** POST /facebook: one connection per page of the Facebook user (and its Instagram account). */
    connectFacebook: build.mutation<FacebookConnectReply, Partial<FacebookConnectInput>>({
      query: (body) => ({ url: ApiRoutes.connections.facebook, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    uploadGreetingMedia: build.mutation<ConnectionRecord, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: buildPath(ApiRoutes.connections.media, { id }), method: 'POST', body };
      },
      invalidatesTags: [LIST],
    }),
    removeGreetingMedia: build.mutation<ConnectionRecord, number>({
      query: deleteById(ApiRoutes.connections.media),
      invalidatesTags: [LIST],
    }),
  }),
});

/** `company-{id}-importMessages`: history import progress (`this` of `all` messages). */
export type { ImportMessagesSocketPayload as ImportMessagesEvent } from '@sb/contracts';
export type { ImportProgress };

/** The share done, 0 to 100, of an import progress. */
export const importPercent = (progress: ImportProgress | undefined): number | null => {
  if (!progress || !(progress.all > 0)) return null;
  return Math.min(100, Math.round((progress.this / progress.all) * 100));
};

export const {
  useListConnectionRecordsQuery,
  useCreateConnectionMutation,
  useUpdateConnectionMutation,
  useDeleteConnectionMutation,
  useStartSessionMutation,
  useRenewSessionMutation,
  useDisconnectSessionMutation,
  useRestartConnectionsMutation,
  useCloseImportedTicketsMutation,
  useConnectFacebookMutation,
  useUploadGreetingMediaMutation,
  useRemoveGreetingMediaMutation,
} = connectionsApi;

/** The drawer's error badge: some connection is not connected. */
export const hasConnectionProblem = (connections: readonly ConnectionSummary[] | undefined) =>
  (connections ?? []).some((connection) => connection.status !== ConnectedStatus);

/** Spec 1 §9: the badge is checked this long after the connection list changes. */
export const ConnectionBadgeDelayMs = 2000;

/**
 * The drawer's badge (shown to admins, beside the connections item): the connection list, kept fresh
 * by the whatsapp and session sockets, checked 2 s after it last changed. It fetches the list itself:
 * reading only the cache, it stayed blank on every page that had not loaded that list.
 */
export const useConnectionProblem = () =>
  hasConnectionProblem(
    useDebounced(connectionsApi.endpoints.listConnections.useQuery().data, ConnectionBadgeDelayMs),
  );
