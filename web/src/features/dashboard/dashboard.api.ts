import {
  ApiRoutes,
  type DashboardReply,
  type TicketsDayReply,
  type TicketsUsersReply,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';

const FIGURES = { type: 'Dashboard' as const, id: 'FIGURES' };

export type DashboardFilter = { days?: number; date_from?: string; date_to?: string };
export type ChartRange = { initialDate: string; finalDate: string };

/** The dashboard figures (reporting service through the gateway); a live update invalidates FIGURES. */
export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<DashboardReply, DashboardFilter>({
      query: (params) => ({ url: ApiRoutes.dashboard.root, params }),
      providesTags: [FIGURES],
    }),
    getTicketsUsers: build.query<TicketsUsersReply, ChartRange>({
      query: (params) => ({ url: ApiRoutes.dashboard.ticketsUsers, params }),
      providesTags: [FIGURES],
    }),
    getTicketsDay: build.query<TicketsDayReply, ChartRange>({
      query: (params) => ({ url: ApiRoutes.dashboard.ticketsDay, params }),
      providesTags: [FIGURES],
    }),
  }),
});

export const dashboardFigures = FIGURES;
export const { useGetDashboardQuery, useGetTicketsUsersQuery, useGetTicketsDayQuery } =
  dashboardApi;
