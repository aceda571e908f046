import {
  ApiRoutes,
  buildPath,
  type ServiceMetricsReply,
  type SlaTarget,
  type SlaTargetQueue,
  type SlaTargetRequest,
  type TicketReportFilter,
  type TicketReportPage,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';

/**
 * The reports of spec 2 §2 (reporting service through the gateway), one page per call; the service
 * metrics and the SLA panel's targets (a target change reads the metrics again).
 */
export const reportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTicketReport: build.query<TicketReportPage, TicketReportFilter>({
      query: (params) => ({ url: ApiRoutes.reports.tickets, params }),
      providesTags: ['Report'],
    }),
    getServiceMetrics: build.query<ServiceMetricsReply, TicketReportFilter>({
      query: (params) => ({ url: ApiRoutes.reports.metrics, params }),
      providesTags: ['ServiceMetrics'],
    }),
    setSlaTarget: build.mutation<SlaTarget, SlaTargetRequest>({
      query: ({ queueId, firstResponseMinutes }) => ({
        url: buildPath(ApiRoutes.reports.slaTarget, { queueId }),
        method: 'PUT',
        body: { firstResponseMinutes },
      }),
      invalidatesTags: ['ServiceMetrics'],
    }),
    clearSlaTarget: build.mutation<SlaTargetQueue, SlaTargetQueue>({
      query: ({ queueId }) => ({
        url: buildPath(ApiRoutes.reports.slaTarget, { queueId }),
        method: 'DELETE',
      }),
      invalidatesTags: ['ServiceMetrics'],
    }),
  }),
});

export const {
  useGetTicketReportQuery,
  useGetServiceMetricsQuery,
  useSetSlaTargetMutation,
  useClearSlaTargetMutation,
} = reportsApi;
