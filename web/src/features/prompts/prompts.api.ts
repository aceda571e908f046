import {
  ApiRoutes,
  type Prompt,
  type PromptDeleted,
  type PromptInput,
  type PromptList,
  type PromptSocketPayload,
} from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';
import { deleteById, putById } from '../../api/record-requests.js';
import { followCompanyEvents } from '../../api/socket-cache.js';

const LIST = { type: 'Prompt' as const, id: 'LIST' };

/** A socket change applied to the cached list: a new or changed prompt goes on top, a deleted one goes. */
export const applyPromptEvent = (list: PromptList, event: PromptSocketPayload): void => {
  if (event.action === 'delete') {
    list.prompts = list.prompts.filter((p) => p.id !== event.promptId);
    return;
  }
  const index = list.prompts.findIndex((p) => p.id === event.prompt.id);
  if (index >= 0) list.prompts[index] = event.prompt;
  else list.prompts.unshift(event.prompt);
};

/** AI prompts (tickets service); `company-<id>-prompt` patches the cached list. */
export const promptsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listPrompts: build.query<PromptList, void>({
      query: () => ApiRoutes.prompts.root,
      providesTags: (list) => [
        ...(list?.prompts ?? []).map((p) => ({ type: 'Prompt' as const, id: p.id })),
        LIST,
      ],
      onCacheEntryAdded: (_arg, lifecycle) =>
        followCompanyEvents(lifecycle, 'prompt', (event) =>
          lifecycle.updateCachedData((list) => applyPromptEvent(list, event)),
        ),
    }),
    createPrompt: build.mutation<Prompt, PromptInput>({
      query: (body) => ({ url: ApiRoutes.prompts.root, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updatePrompt: build.mutation<Prompt, PromptInput & { id: number }>({
      query: putById(ApiRoutes.prompts.byId),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Prompt', id }, LIST],
    }),
    deletePrompt: build.mutation<PromptDeleted, number>({
      query: deleteById(ApiRoutes.prompts.byId),
      invalidatesTags: (_r, _e, id) => [{ type: 'Prompt', id }, LIST],
    }),
  }),
});

export const {
  useListPromptsQuery,
  useCreatePromptMutation,
  useUpdatePromptMutation,
  useDeletePromptMutation,
} = promptsApi;
