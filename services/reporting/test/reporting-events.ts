import { randomUUID } from 'node:crypto';
import type { DomainEvent, TicketRecord } from '@sb/contracts';

/** When the tickets of these tests were created: 2 March 2026, 09:00 in São Paulo. */
export const TICKETS_CREATED_AT = '2026-03-02T12:00:00.000Z';

/** An event as its service publishes it. */
export const domainEvent = <T>(
  companyId: number,
  kind: string,
  occurredAt: string,
  data: T,
): DomainEvent<T> => ({
  id: randomUUID(),
  subject: `evt.${companyId}.${kind}`,
  companyId,
  occurredAt,
  data,
});

/** Ticket `id` of company 7 (contact 100 + id, queue Vendas, connection 3) as it stood at `updatedAt`. */
export const ticketRecord = (
  id: number,
  updatedAt: string,
  fields: Partial<TicketRecord> = {},
): TicketRecord =>
  ({
    id,
    uuid: randomUUID(),
    companyId: 7,
    status: 'pending',
    isGroup: false,
    channel: 'whatsapp',
    queueId: 2,
    queue: { id: 2, name: 'Vendas', color: '#ff0000' },
    userId: null,
    user: null,
    whatsappId: 3,
    whatsapp: null,
    contactId: 100 + id,
    contact: { id: 100 + id, name: `Cliente ${id}` },
    tags: [],
    lastMessage: '',
    unreadMessages: 0,
    createdAt: TICKETS_CREATED_AT,
    updatedAt,
    useIntegration: false,
    code: '',
    userRating: null,
    ...fields,
  }) as TicketRecord;

/** The ticket fields once Ana (user 5) accepted it. */
export const openedByAna = { status: 'open' as const, userId: 5, user: { id: 5, name: 'Ana' } };
