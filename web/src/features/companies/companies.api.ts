import {
  ApiRoutes,
  buildPath,
  type CompaniesPage,
  type CompanyInput,
  type CompanyUpdateInput,
  type CompanyView,
  type InvoiceView,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Company', 'Plan', 'Invoice'] });

/** Companies and invoices (identity); plans live in plans.api.ts. */
export const companiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCompanies: build.query<CompaniesPage, { searchParam: string; pageNumber: number }>({
      query: (params) => ({ url: ApiRoutes.companies.root, params }),
      providesTags: (page) => [
        ...(page?.companies ?? []).map((c) => ({ type: 'Company' as const, id: c.id })),
        { type: 'Company' as const, id: 'LIST' },
      ],
    }),
    createCompany: build.mutation<CompanyView, CompanyInput>({
      query: (body) => ({ url: ApiRoutes.companies.root, method: 'POST', body }),
      invalidatesTags: [{ type: 'Company', id: 'LIST' }],
    }),
    updateCompany: build.mutation<CompanyView, CompanyUpdateInput & { id: number }>({
      query: ({ id, ...body }) => ({
        url: buildPath(ApiRoutes.companies.byId, { id }),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Company', id },
        { type: 'Company', id: 'LIST' },
        { type: 'Invoice', id: 'LIST' },
      ],
    }),
    deleteCompany: build.mutation<{ id: number }, number>({
      query: (id) => ({ url: buildPath(ApiRoutes.companies.byId, { id }), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [
        { type: 'Company', id },
        { type: 'Company', id: 'LIST' },
      ],
    }),
    getInvoices: build.query<InvoiceView[], void>({
      query: () => ApiRoutes.invoices.all,
      providesTags: (invoices) => [
        ...(invoices ?? []).map((i) => ({ type: 'Invoice' as const, id: i.id })),
        { type: 'Invoice' as const, id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useGetCompaniesQuery,
  useCreateCompanyMutation,
  useUpdateCompanyMutation,
  useDeleteCompanyMutation,
  useGetInvoicesQuery,
} = companiesApi;
