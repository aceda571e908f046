import {
  ApiRoutes,
  type CompaniesPage,
  type CompanyEraseReply,
  type CompanyInput,
  type CompanyUpdateInput,
  type CompanyView,
  type InvoiceView,
  type TenantOperationView,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';
import { pagedList } from '../../api/record-pages.js';

const api = baseApi.enhanceEndpoints({
  addTagTypes: ['Company', 'Plan', 'Invoice', 'TenantOperation'],
});

/** Companies and invoices (identity); plans live in plans.api.ts. */
export const companiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCompanies: build.query<CompaniesPage, { searchParam: string; pageNumber: number }>({
      query: (params) => ({ url: ApiRoutes.companies.root, params }),
      ...pagedList<CompaniesPage, { searchParam: string; pageNumber: number }>({
        rows: 'companies',
      }),
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
      query: putById(ApiRoutes.companies.byId),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Company', id },
        { type: 'Company', id: 'LIST' },
        { type: 'Invoice', id: 'LIST' },
      ],
    }),
    // erases the company in every service: the answer tells whether it is done or still running
    deleteCompany: build.mutation<CompanyEraseReply, number>({
      query: deleteById(ApiRoutes.companies.byId),
      invalidatesTags: (_r, _e, id) => [
        { type: 'Company', id },
        { type: 'Company', id: 'LIST' },
        { type: 'TenantOperation', id: 'LIST' },
      ],
    }),
    // starts the company's export: its progress and bundle are in the operations list
    exportCompany: build.mutation<TenantOperationView, { id: number; key: string }>({
      query: ({ id, key }) => ({
        url: ApiRoutes.companies.export.replace(':id', String(id)),
        method: 'POST',
        body: { key },
      }),
      invalidatesTags: [{ type: 'TenantOperation', id: 'LIST' }],
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
  useExportCompanyMutation,
  useGetInvoicesQuery,
} = companiesApi;
