import { ApiRoutes, type PlanView, type SignupInput, type SignupResult } from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Plan'] });

/** Signup (spec 1 §2): the public plans to choose from, and the signup itself. */
export const signupApi = api.injectEndpoints({
  endpoints: (build) => ({
    signupPlans: build.query<PlanView[], void>({
      query: () => ApiRoutes.plans.list,
      providesTags: (plans) => [
        ...(plans ?? []).map((plan) => ({ type: 'Plan' as const, id: plan.id })),
        { type: 'Plan' as const, id: 'LIST' },
      ],
    }),
    /** companyId: the /signup?companyId query, sent on as the family's clients do (identity ignores it) */
    signup: build.mutation<SignupResult, SignupInput & { companyId?: number }>({
      query: (body) => ({ url: ApiRoutes.auth.signup, method: 'POST', body }),
    }),
  }),
});

export const { useSignupPlansQuery, useSignupMutation } = signupApi;
