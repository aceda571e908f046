import {
  ApiRoutes,
  type QueueIntegration,
  type QueueIntegrationDraft,
  type QueueIntegrationPage,
  type QueueIntegrationSocketPayload,
  type QueueIntegrationTestInput,
  type QueueIntegrationTestResult,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';
import { pagedList } from '../../api/record-pages.js';
import { followCompanyEvents } from '../../api/socket-cache.js';

export type QueueIntegrationListArgs = { searchParam: string; pageNumber: number };

const LIST = { type: 'QueueIntegration' as const, id: 'LIST' };

/**
 * A socket event applied to one cached list (spec 3 §4 real-time lists): create or update replaces the
 * item or adds it at the top (when it matches the list's search), delete removes it.
 */
export const applyIntegrationEvent = (
  page: QueueIntegrationPage,
  payload: QueueIntegrationSocketPayload,
  searchParam: string,
): void => {
  if (payload.action === 'delete') {
    const before = page.queueIntegrations.length;
    page.queueIntegrations = page.queueIntegrations.filter((i) => i.id !== payload.integrationId);
    if (page.queueIntegrations.length < before) page.count = Math.max(0, page.count - 1);
    return;
  }
  const record = payload.queueIntegration;
  const index = page.queueIntegrations.findIndex((i) => i.id === record.id);
  if (index >= 0) {
    page.queueIntegrations[index] = record;
    return;
  }
  if (searchParam && !record.name.toLowerCase().includes(searchParam.toLowerCase())) return;
  page.queueIntegrations.unshift(record);
  page.count += 1;
};

/** Queue integrations (tickets service): the /queue-integration page, its modal and the Dialogflow test. */
const api = baseApi.enhanceEndpoints({ addTagTypes: ['QueueIntegration'] });

export const queueIntegrationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    pageQueueIntegrations: build.query<QueueIntegrationPage, QueueIntegrationListArgs>({
      query: (params) => ({ url: ApiRoutes.queueIntegrations.root, params }),
      ...pagedList<QueueIntegrationPage, QueueIntegrationListArgs>({ rows: 'queueIntegrations' }),
      providesTags: [LIST],
      onCacheEntryAdded: (arg, lifecycle) =>
        followCompanyEvents(lifecycle, 'queueIntegration', (payload) =>
          lifecycle.updateCachedData((draft) =>
            applyIntegrationEvent(draft, payload, arg.searchParam),
          ),
        ),
    }),
    createQueueIntegration: build.mutation<QueueIntegration, QueueIntegrationDraft>({
      query: (body) => ({ url: ApiRoutes.queueIntegrations.root, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateQueueIntegration: build.mutation<
      QueueIntegration,
      QueueIntegrationDraft & { id: number }
    >({
      query: putById(ApiRoutes.queueIntegrations.byId),
      invalidatesTags: [LIST],
    }),
    deleteQueueIntegration: build.mutation<{ id: number }, number>({
      query: deleteById(ApiRoutes.queueIntegrations.byId),
      invalidatesTags: [LIST],
    }),
    testQueueIntegration: build.mutation<QueueIntegrationTestResult, QueueIntegrationTestInput>({
      query: (body) => ({ url: ApiRoutes.queueIntegrations.testSession, method: 'POST', body }),
    }),
  }),
});

export const {
  usePageQueueIntegrationsQuery,
  useCreateQueueIntegrationMutation,
  useUpdateQueueIntegrationMutation,
  useDeleteQueueIntegrationMutation,
  useTestQueueIntegrationMutation,
} = queueIntegrationsApi;
