import { Inject, Injectable } from '@nestjs/common';
import type { RequestContext } from '@sb/contracts';
import type { Logger } from '@sb/platform/logger';
import { LOGGER } from '@sb/platform/nest';
import { Transactions } from '@sb/platform/db';
import { NumberVisibility, type NumberHiding } from '../directories/number-visibility.js';
import { systemContext } from '../directories/system-context.js';
import { TicketsRepository } from '../tickets/core/tickets.repository.js';
import { TicketWrites } from '../tickets/ticket-writes.js';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { planRouting, type RoutableTicket } from './routing-rules.js';
import { RoutingRepository } from './routing.repository.js';

const PageSize = 200;

/**
 * Gives waiting tickets to agents (userRandom, and the queues' router) and rotates them while nobody
 * accepts. Sends nothing to the contact: the ticket just shows in the agent's waiting list.
 */
@Injectable()
export class RoutingService {
  /** the draw of the random first assignment (a test may fix it) */
  random: () => number = Math.random;

  constructor(
    private readonly transactions: Transactions,
    private readonly routing: RoutingRepository,
    private readonly identity: IdentityDirectory,
    private readonly tickets: TicketsRepository,
    private readonly writes: TicketWrites,
    private readonly visibility: NumberVisibility,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The companies that have tickets for the router to look at. */
  companiesWithWork(): Promise<number[]> {
    return this.routing.companiesWithWork();
  }

  /** One pass over a company's waiting tickets at `now`; the number of tickets given to an agent. */
  async routeCompany(companyId: number, now: Date): Promise<number> {
    const ctx = systemContext(companyId);
    const userRandom = (await this.identity.settingValues(ctx)).get('userRandom') === 'enabled';
    let hide: NumberHiding | undefined;
    let routed = 0;
    let afterId = 0;
    for (;;) {
      const page = await this.routing.candidates(companyId, userRandom, now, afterId, PageSize);
      if (page.length === 0) return routed;
      afterId = page[page.length - 1]!.id;
      const available = await this.identity.availableAgents(
        ctx,
        [...new Set(page.map((ticket) => ticket.queueId))],
        now,
      );
      for (const ticket of page) {
        const plan = planRouting(
          ticket,
          ticket.queue,
          userRandom,
          available.get(ticket.queueId) ?? [],
          now,
          this.random,
        );
        if (!plan) continue;
        hide ??= await this.visibility.of(ctx);
        if (await this.give(ctx, ticket, plan.userId, now, hide)) routed += 1;
      }
      if (page.length < PageSize) return routed;
    }
  }

  /**
   * Gives one ticket to an agent if it is still as read: the claim, the service cycle's agent, the log
   * (transferred by the system, received by the agent) and the ticket event, in one transaction.
   */
  private give(
    ctx: RequestContext,
    seen: RoutableTicket,
    userId: number,
    now: Date,
    hide: NumberHiding,
  ): Promise<boolean> {
    const companyId = ctx.companyId;
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      if (!(await this.routing.claim(manager, companyId, seen, userId, now))) return false;
      const row = (await this.tickets.findById(companyId, seen.id, manager))!;
      await this.tickets.track(manager, row, { userId });
      await this.tickets.addLog(manager, companyId, row.id, 'transfered', null, seen.queueId);
      await this.tickets.addLog(
        manager,
        companyId,
        row.id,
        'receivedTransfer',
        userId,
        seen.queueId,
      );
      await this.writes.announce(ctx, manager, row.id, hide, 'pending');
      this.logger.info(
        { companyId, ticketId: row.id, userId, from: seen.userId },
        seen.userId === null ? 'ticket routed' : 'ticket rotated',
      );
      return true;
    });
  }
}
