import {
  ApiRoutes,
  type ServiceMetricsReply,
  type TicketReportFilter,
  type TicketReportPage,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';

/** The reports of spec 2 §2 (reporting service through the gateway), one page per call. */
export const reportsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTicketReport: build.query<TicketReportPage, TicketReportFilter>({
      query: (params) => ({ url: ApiRoutes.reports.tickets, params }),
    }),
    getServiceMetrics: build.query<ServiceMetricsReply, TicketReportFilter>({
      query: (params) => ({ url: ApiRoutes.reports.metrics, params }),
    }),
  }),
});

export const { useGetTicketReportQuery, useGetServiceMetricsQuery } = reportsApi;
