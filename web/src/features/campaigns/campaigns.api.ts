import {
  ApiRoutes,
  buildPath,
  type CampaignForm,
  type CampaignRecord,
  type CampaignReplySocketPayload,
  type CampaignReport,
  type OptOutRecord,
  type CampaignsPage,
  type CampaignTestSendReply,
  type ContactListChoice,
  type MessageTemplate,
  type OptOutsPage,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById } from '../../api/record-requests.js';
import { applyRecordEvent, pagedList } from '../../api/record-pages.js';
import { followCompanyEvents } from '../../api/socket-cache.js';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Campaign', 'CampaignReport', 'OptOut'] });
const LIST = { type: 'Campaign' as const, id: 'LIST' };
const R = ApiRoutes.campaigns;

/** Spec 3 §2.4: the report reloads this long after a FINALIZADA update arrives. */
const ReportRefreshAfterFinishMs = 5_000;

export type CampaignPageArgs = { searchParam: string; pageNumber: number };

/** A reply or an opt-out of this report's campaign: its counters move and its row (if loaded) shows it. */
export const applyReplyEvent = (draft: CampaignReport, payload: CampaignReplySocketPayload) => {
  if (payload.campaignId !== draft.campaign.id) return;
  for (const [key, step] of Object.entries(payload.counters)) {
    const name = key as keyof typeof payload.counters;
    draft.counters[name] += step ?? 0;
  }
  const record = draft.records.find((r) => r.id === payload.shippingId);
  if (!record) return;
  record.status = payload.status;
  record.repliedAt = payload.repliedAt;
  record.replyCount = payload.replyCount;
  record.optedOutAt = payload.optedOutAt ?? record.optedOutAt;
};

/** Campaigns and their reports (campaigns service through the gateway). */
export const campaignsApi = api.injectEndpoints({
  endpoints: (build) => ({
    pageCampaigns: build.query<CampaignsPage, CampaignPageArgs>({
      query: (params) => ({ url: R.root, params }),
      ...pagedList<CampaignsPage, CampaignPageArgs>(),
      providesTags: [LIST],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followCompanyEvents(lifecycle, 'campaign', (payload) =>
          lifecycle.updateCachedData((draft) => applyRecordEvent(draft, payload)),
        ),
    }),
    campaignReport: build.query<CampaignReport, { id: number; pageNumber: number }>({
      query: ({ id, pageNumber }) => ({ url: buildPath(R.report, { id }), params: { pageNumber } }),
      ...pagedList<CampaignReport, { id: number; pageNumber: number }>({ key: (args) => args.id }),
      providesTags: (_r, _e, { id }) => [{ type: 'CampaignReport', id }],
      // spec 3 §2.4: the report reloads from its first page 5 s after the campaign says FINALIZADA;
      // replies and opt-outs patch it as they come
      onCacheEntryAdded: async (arg, lifecycle) => {
        await Promise.all([
          followCompanyEvents(lifecycle, 'campaign', (payload) => {
            if (payload.action === 'delete' || payload.record.id !== arg.id) return;
            if (payload.record.status !== 'FINALIZADA') return;
            setTimeout(() => {
              void lifecycle.dispatch(
                campaignsApi.endpoints.campaignReport.initiate(
                  { id: arg.id, pageNumber: 1 },
                  { subscribe: false, forceRefetch: true },
                ),
              );
            }, ReportRefreshAfterFinishMs);
          }),
          followCompanyEvents(lifecycle, 'campaignReply', (payload) =>
            lifecycle.updateCachedData((draft) => applyReplyEvent(draft, payload)),
          ),
        ]);
      },
    }),
    /** A Cloud API connection's approved templates, read from Meta at each dialog opening. */
    campaignTemplates: build.query<MessageTemplate[], number>({
      query: (whatsappId) => ({ url: R.templates, params: { whatsappId } }),
      keepUnusedDataFor: 0,
    }),
    contactListChoices: build.query<ContactListChoice[], void>({
      query: () => ApiRoutes.contactLists.list,
    }),
    saveCampaign: build.mutation<CampaignRecord, CampaignForm & { id?: number }>({
      query: ({ id, ...body }) =>
        id
          ? { url: buildPath(R.byId, { id }), method: 'PUT', body }
          : { url: R.root, method: 'POST', body },
      invalidatesTags: [LIST],
    }),
    deleteCampaign: build.mutation<{ id: number }, number>({
      query: deleteById(R.byId),
      invalidatesTags: [LIST],
    }),
    cancelCampaign: build.mutation<CampaignRecord, number>({
      query: (id) => ({ url: buildPath(R.cancel, { id }), method: 'POST' }),
      invalidatesTags: [LIST],
    }),
    restartCampaign: build.mutation<CampaignRecord, number>({
      query: (id) => ({ url: buildPath(R.restart, { id }), method: 'POST' }),
      invalidatesTags: [LIST],
    }),
    startCampaign: build.mutation<CampaignRecord, number>({
      query: (id) => ({ url: buildPath(R.start, { id }), method: 'POST' }),
      invalidatesTags: [LIST],
    }),
    testSendCampaign: build.mutation<
      CampaignTestSendReply,
      { id: number; number: string; whatsappId: number | null }
    >({
      query: ({ id, ...body }) => ({ url: buildPath(R.testSend, { id }), method: 'POST', body }),
    }),
    optOutPage: build.query<OptOutsPage, CampaignPageArgs>({
      query: (params) => ({ url: R.optOuts, params }),
      // an opt-out is known by its number
      ...pagedList<OptOutsPage, CampaignPageArgs>({ idOf: (row: OptOutRecord) => row.number }),
      providesTags: [{ type: 'OptOut', id: 'LIST' }],
    }),
    removeOptOut: build.mutation<{ number: string }, { number: string; searchParam: string }>({
      query: ({ number }) => ({ url: buildPath(R.optOut, { number }), method: 'DELETE' }),
      // the row leaves the list held (whatever pages it has) without reloading them
      onQueryStarted: async ({ number, searchParam }, { dispatch, queryFulfilled }) => {
        await queryFulfilled;
        dispatch(
          campaignsApi.util.updateQueryData(
            'optOutPage',
            { searchParam, pageNumber: 1 },
            (draft) => {
              draft.records = draft.records.filter((r) => r.number !== number);
            },
          ),
        );
      },
    }),
    uploadCampaignMedia: build.mutation<CampaignRecord, { id: number; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: buildPath(R.mediaUpload, { id }), method: 'POST', body };
      },
      invalidatesTags: [LIST],
    }),
    deleteCampaignMedia: build.mutation<CampaignRecord, number>({
      query: deleteById(R.mediaUpload),
      invalidatesTags: [LIST],
    }),
  }),
});

export const {
  usePageCampaignsQuery,
  useCampaignReportQuery,
  useCampaignTemplatesQuery,
  useContactListChoicesQuery,
  useSaveCampaignMutation,
  useDeleteCampaignMutation,
  useCancelCampaignMutation,
  useRestartCampaignMutation,
  useStartCampaignMutation,
  useTestSendCampaignMutation,
  useOptOutPageQuery,
  useRemoveOptOutMutation,
  useUploadCampaignMediaMutation,
  useDeleteCampaignMediaMutation,
} = campaignsApi;
