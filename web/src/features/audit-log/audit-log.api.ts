import { ApiRoutes, type AuditLogPage, type AuditLogQuery } from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['AuditLog'] });

/** The audit log (identity through the gateway): read-only, one page per query. */
export const auditLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<AuditLogPage, Partial<AuditLogQuery>>({
      query: (params) => ({
        url: ApiRoutes.auditLog,
        // empty filters are left out of the query string
        params: Object.fromEntries(
          Object.entries(params).filter(([, value]) => value !== undefined && value !== ''),
        ),
      }),
      providesTags: [{ type: 'AuditLog', id: 'LIST' }],
    }),
  }),
});

export const { useGetAuditLogQuery } = auditLogApi;
