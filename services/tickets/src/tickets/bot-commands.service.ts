import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@sb/platform/clock';
import { Transactions } from '@sb/platform/db';
import { CLOCK } from '@sb/platform/nest';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { NumberVisibility } from '../directories/number-visibility.js';
import { systemContext } from '../directories/system-context.js';
import { TicketsRepository, type TicketWrite } from './core/tickets.repository.js';
import { closedFields, TicketWrites } from './ticket-writes.js';

/** The ticket changes the automation decides: closes, a move to the default queue, a hand-over. */
@Injectable()
export class BotTicketCommands {
  constructor(
    private readonly transactions: Transactions,
    private readonly tickets: TicketsRepository,
    private readonly identity: IdentityDirectory,
    private readonly visibility: NumberVisibility,
    private readonly writes: TicketWrites,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * A close the automation decides (the contact's "Sair", a rating, a refused consent, inactivity, an
   * unanswered rating): the cycle ends (rated when a rating came), the kanban tags go, `log` is written,
   * and `text` (completion or inactivity message) is sent. A ticket already closed stays as it is.
   */
  async closeByBot(
    companyId: number,
    ticketId: number,
    options: { text: string; rating?: number; log: 'closed' | 'autoClose'; at: Date },
  ): Promise<boolean> {
    const ctx = systemContext(companyId);
    const hide = await this.visibility.of(ctx);
    const row = await this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.tickets.lock(companyId, ticketId, manager);
      if (!row || row.status === 'closed') return null;
      const fields: TicketWrite = { status: 'closed', ...closedFields() };
      if (options.rating !== undefined) fields.userRating = options.rating;
      await this.writes.writeClose(manager, row, {
        fields,
        at: options.at,
        tracking: options.rating !== undefined ? { rated: true, ratingAt: options.at } : {},
        log: options.log,
        userId: null,
      });
      await this.writes.announce(ctx, manager, row.id, hide, row.status);
      return row;
    });
    if (!row) return false;
    if (options.text.trim() && !row.isGroup)
      await this.writes.sendTexts([{ ticket: row, text: options.text }]);
    return true;
  }

  /** timeSendQueue: a pending ticket nobody chose a queue for goes to the connection's sendIdQueue. */
  async moveToQueueByBot(companyId: number, ticketId: number, queueId: number): Promise<void> {
    const ctx = systemContext(companyId);
    const hide = await this.visibility.of(ctx);
    await this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.tickets.lock(companyId, ticketId, manager);
      if (!row || row.status !== 'pending' || row.queueId !== null || row.userId !== null) return;
      if (!(await this.tickets.queueExists(companyId, queueId))) return;
      await this.tickets.update(manager, companyId, row.id, {
        queueId,
        isBot: false,
        chatbotId: null,
      });
      await this.tickets.track(manager, row, { queueId, queuedAt: new Date() });
      await this.tickets.addLog(manager, companyId, row.id, 'queue', null, queueId);
      await this.writes.announce(ctx, manager, row.id, hide, row.status);
    });
  }

  /**
   * An external bot is done with a ticket (its flow ended, it asked for a person, or it failed): people
   * take over in the queue it named, else the ticket's, else `fallbackQueueId`, with the agent it named
   * when that is one of the company's users. Nothing happens once an agent holds the ticket.
   */
  async handOverByBot(
    companyId: number,
    ticketId: number,
    target: { queueId: number | null; userId: number | null; fallbackQueueId: number | null },
  ): Promise<void> {
    const ctx = systemContext(companyId);
    const hide = await this.visibility.of(ctx);
    const users = target.userId !== null ? await this.identity.users(ctx) : null;
    const userId = target.userId !== null && users?.has(target.userId) ? target.userId : null;
    await this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.tickets.lock(companyId, ticketId, manager);
      if (!row || row.status !== 'pending' || row.userId !== null) return;
      const named =
        target.queueId !== null &&
        (await this.tickets.queueExists(companyId, target.queueId, manager))
          ? target.queueId
          : null;
      const fallback =
        target.fallbackQueueId !== null &&
        (await this.tickets.queueExists(companyId, target.fallbackQueueId, manager))
          ? target.fallbackQueueId
          : null;
      const queueId = named ?? row.queueId ?? fallback;
      const now = this.clock.now();
      await this.tickets.update(manager, companyId, row.id, {
        ...closedFields(),
        amountUsedBotQueues: row.amountUsedBotQueues,
        botStoppedAt: now,
        queueId,
        userId,
      });
      if (queueId !== row.queueId || userId !== null)
        await this.tickets.track(manager, row, {
          queueId,
          ...(userId !== null ? { userId } : {}),
          queuedAt: now,
        });
      await this.tickets.addLog(
        manager,
        companyId,
        row.id,
        userId !== null ? 'transfered' : 'queue',
        userId,
        queueId,
      );
      await this.writes.announce(ctx, manager, row.id, hide, row.status);
    });
  }
}
