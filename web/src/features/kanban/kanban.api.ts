import { ApiRoutes, buildPath, type KanbanQuery, type TicketsPage } from '@sb/contracts';
import { baseApi } from '../../api/base-api.js';

/** The board's cache tag: ticket changes made in the workspace invalidate it. */
export const KanbanTicketsTag = { type: 'Ticket' as const, id: 'KANBAN' };

/** The kanban board's calls (spec 3 §7), through the gateway to the tickets service. */
export const kanbanApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /ticket/kanban: the tickets of the user's queues with their tags. */
    listKanbanTickets: build.query<Pick<TicketsPage, 'tickets'>, KanbanQuery>({
      query: ({ queueIds, searchParam }) => ({
        url: ApiRoutes.kanban.tickets,
        params: {
          // lists go as JSON, like the reference client
          ...(queueIds?.length ? { queueIds: JSON.stringify(queueIds) } : {}),
          ...(searchParam ? { searchParam } : {}),
        },
      }),
      providesTags: [KanbanTicketsTag],
    }),
    /** PUT /ticket-tags/:ticketId/:tagId: links the ticket to a kanban lane's tag. */
    addTicketTag: build.mutation<void, { ticketId: number; tagId: number }>({
      query: (ids) => ({ url: buildPath(ApiRoutes.kanban.ticketTag, ids), method: 'PUT' }),
    }),
    /** DELETE /ticket-tags/:ticketId: removes the ticket's tag links. */
    removeTicketTags: build.mutation<void, number>({
      query: (ticketId) => ({
        url: buildPath(ApiRoutes.kanban.ticketTags, { ticketId }),
        method: 'DELETE',
      }),
    }),
  }),
});

export const { useListKanbanTicketsQuery, useAddTicketTagMutation, useRemoveTicketTagsMutation } =
  kanbanApi;
