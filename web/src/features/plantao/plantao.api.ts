import { ApiRoutes, buildPath, type PlantaoForm, type PlantaoRecord } from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';

const api = baseApi.enhanceEndpoints({ addTagTypes: ['Plantao'] });
const LIST = { type: 'Plantao' as const, id: 'LIST' };

/** On-duty staff (campaigns service through the gateway): the /plantao page and its modal. */
export const plantaoApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPlantao: build.query<PlantaoRecord[], void>({
      query: () => ApiRoutes.plantao.root,
      providesTags: (list) => [
        ...(list ?? []).map((entry) => ({ type: 'Plantao' as const, id: entry.id })),
        LIST,
      ],
    }),
    getPlantao: build.query<PlantaoRecord, number>({
      query: (id) => buildPath(ApiRoutes.plantao.byId, { id }),
      providesTags: (_r, _e, id) => [{ type: 'Plantao', id }],
    }),
    createPlantao: build.mutation<PlantaoRecord, PlantaoForm>({
      query: (body) => ({ url: ApiRoutes.plantao.root, method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updatePlantao: build.mutation<PlantaoRecord, PlantaoForm & { id: number }>({
      query: ({ id, ...body }) => ({
        url: buildPath(ApiRoutes.plantao.byId, { id }),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'Plantao', id }],
    }),
    deletePlantao: build.mutation<{ id: number }, number>({
      query: (id) => ({ url: buildPath(ApiRoutes.plantao.byId, { id }), method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: 'Plantao', id }],
    }),
  }),
});

export const {
  useListPlantaoQuery,
  useGetPlantaoQuery,
  useCreatePlantaoMutation,
  useUpdatePlantaoMutation,
  useDeletePlantaoMutation,
} = plantaoApi;
