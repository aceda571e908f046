import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { ApiRoutes, type ExternalSendReply } from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { apiUrl } from '../../app/runtime-config.js';

/** A test call of the external messages API: a text (JSON) or a file (multipart `medias`). */
export type ExternalTestSend = { token: string; number: string } & (
  { body: string; file?: undefined } | { file: File; body?: undefined }
);

/** The endpoint's full URL, as an integrator calls it. */
export const externalSendUrl = (): string => `${apiUrl()}${ApiRoutes.externalApi.send}`;

/**
 * POST /api/messages/send is authenticated by a connection token, not by the session: it goes through a
 * plain query, so its 401 (unknown token) or 403 (plan) never logs the user out nor refreshes the session.
 */
const tokenQuery = fetchBaseQuery({});

export const messagesApiApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendExternalTest: build.mutation<ExternalSendReply, ExternalTestSend>({
      queryFn: async ({ token, number, body, file }, api, extraOptions) => {
        let payload: FormData | { number: string; body: string };
        if (file) {
          payload = new FormData();
          payload.append('number', number);
          payload.append('medias', file, file.name);
        } else {
          payload = { number, body: body ?? '' };
        }
        const result = await tokenQuery(
          {
            url: externalSendUrl(),
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
            body: payload,
          },
          api,
          extraOptions,
        );
        return result.error ? { error: result.error } : { data: result.data as ExternalSendReply };
      },
    }),
  }),
});

export const { useSendExternalTestMutation } = messagesApiApi;
