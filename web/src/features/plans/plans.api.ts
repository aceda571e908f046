import { ApiRoutes, type PlanInput, type PlanUpdateInput, type PlanView } from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Plan', 'Company'] });

/** Plans (super): every plan with its limits and flags; a change also refreshes the companies list. */
export const plansApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<PlanView[], void>({
      query: () => ApiRoutes.plans.all,
      providesTags: (plans) => [
        ...(plans ?? []).map((p) => ({ type: 'Plan' as const, id: p.id })),
        { type: 'Plan' as const, id: 'LIST' },
      ],
    }),
    createPlan: build.mutation<PlanView, PlanInput>({
      query: (body) => ({ url: ApiRoutes.plans.root, method: 'POST', body }),
      invalidatesTags: [{ type: 'Plan', id: 'LIST' }],
    }),
    updatePlan: build.mutation<PlanView, PlanUpdateInput & { id: number }>({
      query: putById(ApiRoutes.plans.byId),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Plan', id },
        { type: 'Plan', id: 'LIST' },
        { type: 'Company', id: 'LIST' },
      ],
    }),
    deletePlan: build.mutation<{ id: number }, number>({
      query: deleteById(ApiRoutes.plans.byId),
      invalidatesTags: [{ type: 'Plan', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetPlansQuery,
  useCreatePlanMutation,
  useUpdatePlanMutation,
  useDeletePlanMutation,
} = plansApi;
