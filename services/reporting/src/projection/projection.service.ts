import { Injectable } from '@nestjs/common';
import {
  type DomainEvent,
  type MessageEventData,
  type TicketDeletedEventData,
  type TicketEventData,
  type UserCreatedEventData,
  type UserDeletedEventData,
  type UserUpdatedEventData,
} from '@sb/contracts';
import type { EntityManager } from 'typeorm';
import { CompanyZoneService } from '../time-zone/company-zone.service.js';
import { nextResponseWaits, type MessageMark } from './next-response-rules.js';
import {
  ProjectionRepository,
  type DirectoryUser,
  type MessageCount,
  type RollupDelta,
  type TicketMark,
  type TicketRef,
} from './projection.repository.js';
import {
  applyDeletion,
  applyObservation,
  contributionOf,
  localDay,
  RollupCountNames,
  type RollupKey,
  type TicketFact,
  type TicketObservation,
} from './ticket-fact-rules.js';

/** A change of a ticket's facts (undefined: nothing to change). */
type FactRule = (fact: TicketFact | undefined) => TicketFact | undefined;

/** A ticket's rules, in delivery order. */
type TicketWork = TicketRef & { rules: FactRule[] };

/** What a batch of events does: kept apart by kind, so each kind is written in one statement. */
type BatchWork = {
  /** per `company:ticket` */
  tickets: Map<string, TicketWork>;
  messages: { companyId: number; at: string; fromMe: boolean }[];
  marks: TicketMark[];
  users: { companyId: number; user: DirectoryUser; versionAt: string }[];
};

/** The event's `<service>.<entity>.<action>` (the subject without `evt.<companyId>.`). */
const kindOf = (event: DomainEvent) => event.subject.split('.').slice(-3).join('.');

const pad = (value: number | string) => String(value).padStart(12, '0');
/** A total order of rollup rows (day as text sorts by date; ids padded so they sort as numbers). */
const rollupOrder = (key: RollupKey) =>
  [key.companyId, key.day, key.queueId, key.userId, key.whatsappId].map(pad).join('|');
const byText =
  <T>(id: (item: T) => string) =>
  (a: T, b: T) =>
    id(a).localeCompare(id(b));
const ticketOrder = (item: TicketRef) => `${pad(item.companyId)}|${pad(item.ticketId)}`;

/**
 * Applies events to the projections: a ticket's facts change, and the rollup row it counted in loses
 * its old contribution and the (maybe other) row it counts in now gains the new one, so the rollups
 * always equal a sum over the facts, whatever order the events came in.
 *
 * A batch is applied in one transaction with a statement per kind of row rather than per event (the
 * consumers keep up with a busy installation that way). Each kind of row is locked in one global
 * order (company zones, tickets, rollup rows, message days, users), so two batches applied at once
 * never deadlock.
 * The rows many batches share (a company's rollup and message-count rows of the day) come last, so
 * a transaction holds them only until its commit: taken first, they made every other batch of the
 * company wait for the whole transaction, the projection lag's tail under load.
 */
@Injectable()
export class ProjectionService {
  constructor(
    private readonly repository: ProjectionRepository,
    /** whose calendar days the rollups use: the company's own zone, else the report zone */
    private readonly zones: CompanyZoneService,
  ) {}

  apply(event: DomainEvent, manager: EntityManager): Promise<void> {
    return this.applyAll([event], manager);
  }

  /** Applies the events, in delivery order, with the manager of one transaction. */
  async applyAll(events: readonly DomainEvent[], manager: EntityManager): Promise<void> {
    const work = this.plan(events);
    if (work.tickets.size > 0 || work.messages.length > 0) {
      const companies = [
        ...new Set([...work.tickets.values()].map((t) => t.companyId)),
        ...work.messages.map((m) => m.companyId),
      ];
      const zones = await this.zones.lockZonesOf([...new Set(companies)], manager);
      const rollups = await this.changeFacts([...work.tickets.values()], zones, manager);
      await this.markMessages(work.marks, manager);
      await this.repository.addToRollups(rollups, manager);
      await this.countMessages(work.messages, zones, manager);
    }
    // by user, each user's announcements in delivery order (a stable sort)
    const users = work.users.sort(byText((u) => `${pad(u.companyId)}|${pad(u.user.id)}`));
    for (const { companyId, user, versionAt } of users)
      await this.repository.saveUser(companyId, user, versionAt, manager);
  }

  /** Sorts the events into the work of each kind. */
  private plan(events: readonly DomainEvent[]): BatchWork {
    const work: BatchWork = { tickets: new Map(), messages: [], marks: [], users: [] };
    const change = (companyId: number, ticketId: number, rule: FactRule) => {
      const id = `${companyId}:${ticketId}`;
      const ticket = work.tickets.get(id) ?? { companyId, ticketId, rules: [] };
      ticket.rules.push(rule);
      work.tickets.set(id, ticket);
    };
    const observe = (companyId: number, ticketId: number, seen: TicketObservation) =>
      change(companyId, ticketId, (fact) => applyObservation(fact, seen));

    for (const event of events) {
      const companyId = event.companyId;
      switch (kindOf(event)) {
        case 'tickets.ticket.updated': {
          const { ticket, previousStatus } = event.data as TicketEventData;
          if (ticket.companyId !== companyId) break;
          observe(companyId, ticket.id, { ticket, occurredAt: event.occurredAt, previousStatus });
          break;
        }
        case 'tickets.ticket.deleted': {
          const { ticketId } = event.data as TicketDeletedEventData;
          change(companyId, ticketId, applyDeletion);
          break;
        }
        case 'tickets.message.created': {
          const { message, ticket, ticketChange } = event.data as MessageEventData;
          if (ticket.companyId !== companyId) break;
          work.messages.push({ companyId, at: message.createdAt, fromMe: message.fromMe });
          // a response is an agent's visible answer: not a private note, and not what the company
          // sends while no agent holds the ticket (greetings, menus, out-of-hours texts), as for
          // the next-response waits
          const response =
            message.fromMe && !message.isPrivate && ticket.userId !== null
              ? { at: message.createdAt, userId: ticket.userId }
              : undefined;
          // a message that changed its ticket is that ticket's update too (a reopen names the old status)
          const previousStatus = ticketChange?.previousStatus;
          observe(companyId, ticket.id, {
            ticket,
            occurredAt: event.occurredAt,
            response,
            ...(previousStatus ? { previousStatus } : {}),
          });
          if (!message.isPrivate)
            work.marks.push({
              companyId,
              ticketId: ticket.id,
              mark: {
                id: String(message.id),
                at: new Date(message.createdAt).toISOString(),
                fromMe: message.fromMe,
                byAgent: message.fromMe && ticket.userId !== null,
              },
            });
          break;
        }
        case 'identity.user.created': {
          const { user } = event.data as UserCreatedEventData;
          const { id, name, profile, online } = user;
          work.users.push({
            companyId,
            user: { id, name, profile, online, deleted: false },
            versionAt: event.occurredAt,
          });
          break;
        }
        case 'identity.user.updated': {
          const { user, online } = event.data as UserUpdatedEventData;
          const { id, name, profile } = user;
          work.users.push({
            companyId,
            user: { id, name, profile, online: online ?? null, deleted: false },
            versionAt: event.occurredAt,
          });
          break;
        }
        case 'identity.user.deleted': {
          const { userId } = event.data as UserDeletedEventData;
          work.users.push({
            companyId,
            user: { id: userId, online: false, deleted: true },
            versionAt: event.occurredAt,
          });
          break;
        }
        default:
          break;
      }
    }
    return work;
  }

  /** Messages per company day and side, one row per day and side however many came. */
  private async countMessages(
    messages: BatchWork['messages'],
    zones: Map<number, string>,
    manager: EntityManager,
  ): Promise<void> {
    const counts = new Map<string, MessageCount>();
    for (const { companyId, at, fromMe } of messages) {
      const day = localDay(at, zones.get(companyId)!);
      const id = `${pad(companyId)}|${day}|${fromMe}`;
      const count = counts.get(id) ?? { companyId, day, fromMe, messages: 0 };
      count.messages += 1;
      counts.set(id, count);
    }
    const rows = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, c]) => c);
    await this.repository.countMessages(rows, manager);
  }

  /**
   * Each ticket's rules over its facts (locked for this transaction), and what that does to the
   * rollups, to be added by the caller: what the tickets counted before leaves their old rows and
   * what they count now joins their rows, summed per row (in the rows' global order).
   */
  private async changeFacts(
    tickets: TicketWork[],
    zones: Map<number, string>,
    manager: EntityManager,
  ): Promise<RollupDelta[]> {
    if (tickets.length === 0) return [];
    tickets.sort(byText(ticketOrder));
    const facts = new Map(
      (await this.repository.lockFacts(tickets, manager)).map((fact) => [ticketOrder(fact), fact]),
    );
    const changed: TicketFact[] = [];
    const deltas = new Map<string, RollupDelta>();
    const add = (share: ReturnType<typeof contributionOf>, sign: 1 | -1) => {
      if (!share) return;
      const id = rollupOrder(share.key);
      const delta = deltas.get(id) ?? {
        key: share.key,
        counts: Object.fromEntries(
          RollupCountNames.map((name) => [name, 0]),
        ) as RollupDelta['counts'],
      };
      for (const name of RollupCountNames) delta.counts[name] += sign * share.counts[name];
      deltas.set(id, delta);
    };
    for (const { companyId, ticketId, rules } of tickets) {
      const before = facts.get(ticketOrder({ companyId, ticketId }));
      const after = rules.reduce<TicketFact | undefined>(
        (fact, rule) => rule(fact) ?? fact,
        before,
      );
      if (!after || after === before) continue;
      changed.push(after);
      const zone = zones.get(companyId)!;
      add(contributionOf(before, zone), -1);
      add(contributionOf(after, zone), 1);
    }
    await this.repository.saveFacts(changed, manager);
    return [...deltas.entries()]
      .filter(([, delta]) => RollupCountNames.some((name) => delta.counts[name] !== 0))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, delta]) => delta);
  }

  /**
   * Keeps the messages as marks of their tickets and works the next-response waits of the tickets
   * that gained one out again from all their marks (their facts are locked since changeFacts).
   */
  private async markMessages(marks: TicketMark[], manager: EntityManager): Promise<void> {
    if (marks.length === 0) return;
    const gained = await this.repository.addMarks(marks, manager);
    if (gained.length === 0) return;
    const all = new Map<string, MessageMark[]>();
    for (const { companyId, ticketId, mark } of await this.repository.marksOf(gained, manager)) {
      const id = ticketOrder({ companyId, ticketId });
      const marksOfTicket = all.get(id) ?? [];
      marksOfTicket.push(mark);
      all.set(id, marksOfTicket);
    }
    await this.repository.saveNextResponses(
      gained.map(({ companyId, ticketId }) => ({
        companyId,
        ticketId,
        waits: nextResponseWaits(all.get(ticketOrder({ companyId, ticketId })) ?? []),
      })),
      manager,
    );
  }
}
