import {
  ApiRoutes,
  buildPath,
  type PasswordUpdateInput,
  type PasswordUpdateReply,
  type ResetRequestReply,
  type ResetVerifyInput,
  type ResetVerifyReply,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';

/**
 * Password reset by code (spec 3 §2.19). All three are mutations: even the GET check spends one of
 * the 3 attempts, so it is never cached or retried.
 */
export const passwordResetApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    requestResetCode: build.mutation<ResetRequestReply, { wpp: string }>({
      query: (body) => ({ url: ApiRoutes.passwordReset.request, method: 'POST', body }),
    }),
    verifyResetCode: build.mutation<ResetVerifyReply, ResetVerifyInput>({
      query: ({ requestId, code }) => ({
        url: buildPath(ApiRoutes.passwordReset.verify, { requestId }),
        params: { code },
      }),
    }),
    updatePassword: build.mutation<PasswordUpdateReply, PasswordUpdateInput>({
      query: (body) => ({ url: ApiRoutes.passwordReset.update, method: 'PUT', body }),
    }),
  }),
});

export const {
  useRequestResetCodeMutation,
  useVerifyResetCodeMutation,
  useUpdatePasswordMutation,
} = passwordResetApi;
