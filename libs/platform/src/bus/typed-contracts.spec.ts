// Type-level checks of the contracts' maps, compiled by `typecheck`: each `@ts-expect-error` line must
// fail to compile, so a wrong body, reply or event payload is caught where it is written.
import {
  DomainEventTypes,
  Subjects,
  type BusSubject,
  type DomainEventKey,
  type TagRecord,
  type TicketRecord,
} from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import { anonymousContext, type CallContext } from '../context/request-context.js';
import { BusHandler } from '../nest/bus-handler.decorator.js';
import { Outbox } from '../outbox/outbox.js';
import type { Bus } from './bus.types.js';

type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Values<T> = { [K in keyof T]: T[K][keyof T[K]] }[keyof T];
type EventKeys<T> = {
  [S in keyof T]: {
    [E in keyof T[S]]: T[S][E] extends { service: infer V; entity: infer N; action: infer A }
      ? `${V & string}.${N & string}.${A & string}`
      : never;
  }[keyof T[S]];
}[keyof T];

// every subject of `Subjects` has a row in `BusContracts`, and no row names another subject
export const everySubjectMapped: Equal<Values<typeof Subjects>, BusSubject> = true;
// every event of `DomainEventTypes` has a payload in `DomainEventPayloads`, and no other is listed
export const everyEventMapped: Equal<EventKeys<typeof DomainEventTypes>, DomainEventKey> = true;

const ctx = anonymousContext('type-test', 'en');

/** Never run: only compiled. */
export async function requests(bus: Bus) {
  const tag = await bus.request(Subjects.tickets.tagGet, { ctx, data: { id: 1 } });
  const name: string = tag.name;
  // @ts-expect-error the body of tickets.tag.get is { id: number }
  await bus.request(Subjects.tickets.tagGet, { ctx, data: { id: 'one' } });
  // @ts-expect-error a body missing a required field
  await bus.request(Subjects.tickets.ticketTagAdd, { ctx, data: { ticketId: 1 } });
  // @ts-expect-error the reply of tickets.tag.get is a TagRecord, not a TicketRecord
  const ticket: TicketRecord = await bus.request(Subjects.tickets.tagGet, { ctx, data: { id: 1 } });
  // @ts-expect-error an unknown subject answers unknown, never a typed record
  const guessed: TagRecord = await bus.request('tickets.tag.guess', { ctx, data: {} });
  return [name, ticket, guessed];
}

/** Never run: only compiled. */
export async function outbox(manager: EntityManager, ticket: TicketRecord) {
  await Outbox.add(manager, {
    companyId: 1,
    ...DomainEventTypes.tickets.ticketUpdated,
    data: { ticket },
  });
  await Outbox.add(manager, {
    companyId: 1,
    ...DomainEventTypes.tickets.ticketUpdated,
    // @ts-expect-error tickets.ticket.updated carries { ticket, previousStatus? }
    data: { ticketId: ticket.id },
  });
  await Outbox.add(manager, {
    companyId: 1,
    service: 'tickets',
    // @ts-expect-error an event that is not in the map
    entity: 'tiket',
    action: 'updated',
    data: { ticket },
  });
}

export class TypedHandlers {
  @BusHandler(Subjects.tickets.tagDelete)
  remove(): Promise<{ id: number }> {
    return Promise.resolve({ id: 1 });
  }

  // @ts-expect-error tickets.tag.delete answers { id: number }
  @BusHandler(Subjects.tickets.tagDelete)
  wrong(): Promise<{ id: string }> {
    return Promise.resolve({ id: '1' });
  }

  // @ts-expect-error the caller comes first, then the data: (ctx, data)
  @BusHandler(Subjects.tickets.tagDelete)
  swapped(data: { id: number }, _ctx: CallContext): Promise<{ id: number }> {
    return Promise.resolve({ id: data.id });
  }
}

describe('typed contracts', () => {
  it('compiles the checks above (typecheck runs them)', () => {
    expect(everySubjectMapped && everyEventMapped).toBe(true);
  });
});
