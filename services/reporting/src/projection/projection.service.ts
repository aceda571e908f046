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
import { ProjectionRepository } from './projection.repository.js';
import {
  applyDeletion,
  applyObservation,
  contributionOf,
  localDay,
  type RollupKey,
  type TicketFact,
  type TicketObservation,
} from './ticket-fact-rules.js';

/** A total order of rollup rows (day as text sorts by date; ids padded so they sort as numbers). */
const rollupOrder = (key: RollupKey) =>
  [key.day, key.queueId, key.userId, key.whatsappId]
    .map((v) => String(v).padStart(12, '0'))
    .join('|');

/** The event's `<service>.<entity>.<action>` (the subject without `evt.<companyId>.`). */
const kindOf = (event: DomainEvent) => event.subject.split('.').slice(-3).join('.');

/**
 * Applies events to the projections: a ticket's facts change, and the rollup row it counted in loses
 * its old contribution and the (maybe other) row it counts in now gains the new one, so the rollups
 * always equal a sum over the facts, whatever order the events came in.
 */
@Injectable()
export class ProjectionService {
  constructor(
    private readonly repository: ProjectionRepository,
    /** whose calendar days the rollups use: the company's own zone, else the report zone */
    private readonly zones: CompanyZoneService,
  ) {}

  async apply(event: DomainEvent, manager: EntityManager): Promise<void> {
    const companyId = event.companyId;
    switch (kindOf(event)) {
      case 'tickets.ticket.updated': {
        const { ticket, previousStatus } = event.data as TicketEventData;
        if (ticket.companyId !== companyId) return;
        const seen = { ticket, occurredAt: event.occurredAt, previousStatus };
        await this.observe(companyId, ticket.id, seen, manager);
        return;
      }
      case 'tickets.ticket.deleted': {
        const { ticketId } = event.data as TicketDeletedEventData;
        await this.change(companyId, ticketId, (fact) => applyDeletion(fact), manager);
        return;
      }
      case 'tickets.message.created': {
        const { message, ticket } = event.data as MessageEventData;
        if (ticket.companyId !== companyId) return;
        await this.repository.countMessage(
          companyId,
          localDay(message.createdAt, await this.zones.zoneOf(companyId, manager)),
          message.fromMe,
          manager,
        );
        // an agent's (or bot's) visible answer is a response; private notes are not
        const response =
          message.fromMe && !message.isPrivate
            ? { at: message.createdAt, userId: ticket.userId }
            : undefined;
        await this.observe(
          companyId,
          ticket.id,
          { ticket, occurredAt: event.occurredAt, response },
          manager,
        );
        if (!message.isPrivate) await this.markMessage(companyId, message, ticket, manager);
        return;
      }
      case 'identity.user.created': {
        const { user } = event.data as UserCreatedEventData;
        await this.repository.saveUser(
          companyId,
          {
            id: user.id,
            name: user.name,
            profile: user.profile,
            online: user.online,
            deleted: false,
          },
          event.occurredAt,
          manager,
        );
        return;
      }
      case 'identity.user.updated': {
        const { user, online } = event.data as UserUpdatedEventData;
        await this.repository.saveUser(
          companyId,
          {
            id: user.id,
            name: user.name,
            profile: user.profile,
            online: online ?? null,
            deleted: false,
          },
          event.occurredAt,
          manager,
        );
        return;
      }
      case 'identity.user.deleted': {
        const { userId } = event.data as UserDeletedEventData;
        await this.repository.saveUser(
          companyId,
          { id: userId, online: false, deleted: true },
          event.occurredAt,
          manager,
        );
        return;
      }
      default:
        return;
    }
  }

  /**
   * Keeps the message as a mark of its ticket and works the ticket's next-response waits out again
   * from all its marks (in this transaction, which holds the ticket's lock since `observe`).
   */
  private async markMessage(
    companyId: number,
    message: MessageEventData['message'],
    ticket: MessageEventData['ticket'],
    manager: EntityManager,
  ): Promise<void> {
    const mark: MessageMark = {
      id: String(message.id),
      at: new Date(message.createdAt).toISOString(),
      fromMe: message.fromMe,
      byAgent: message.fromMe && ticket.userId !== null,
    };
    if (!(await this.repository.addMark(companyId, ticket.id, mark, manager))) return;
    const marks = await this.repository.marks(companyId, ticket.id, manager);
    await this.repository.saveNextResponses(
      companyId,
      ticket.id,
      nextResponseWaits(marks),
      manager,
    );
  }

  private observe(
    companyId: number,
    ticketId: number,
    seen: TicketObservation,
    manager: EntityManager,
  ): Promise<void> {
    return this.change(companyId, ticketId, (fact) => applyObservation(fact, seen), manager);
  }

  private async change(
    companyId: number,
    ticketId: number,
    rule: (fact: TicketFact | undefined) => TicketFact | undefined,
    manager: EntityManager,
  ): Promise<void> {
    const before = await this.repository.lockFact(companyId, ticketId, manager);
    const after = rule(before);
    if (!after) return;
    const zone = await this.zones.zoneOf(companyId, manager);
    const old = contributionOf(before, zone);
    const now = contributionOf(after, zone);
    await this.repository.saveFact(companyId, after, manager);
    const shares = [
      ...(old ? [{ ...old, sign: -1 as const }] : []),
      ...(now ? [{ ...now, sign: 1 as const }] : []),
    ];
    // rollup rows always locked in key order: two tickets moving between the same two rows in
    // opposite directions would otherwise deadlock (the increments commute, so order is free)
    shares.sort((a, b) => rollupOrder(a.key).localeCompare(rollupOrder(b.key)));
    for (const share of shares)
      await this.repository.addToRollup(companyId, share.key, share.counts, share.sign, manager);
  }
}
