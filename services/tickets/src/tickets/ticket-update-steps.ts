import { Inject, Injectable } from '@nestjs/common';
import type { ConnectionRecord, RequestContext } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import type { Clock } from '@sb/platform/clock';
import { CLOCK } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { AutomationJobs } from './core/automation-jobs.repository.js';
import type { Ticket } from './core/ticket.entity.js';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { transferText, type TicketChange } from './core/ticket-rules.js';
import { TicketsRepository, type TicketWrite } from './core/tickets.repository.js';
import { BOT_TEXTS } from '../bot/language/bot-language.module.js';
import type { BotTexts } from '../bot/language/bot-texts.js';
import { closedFields, type PendingText } from './ticket-writes.js';

/** Settings a PUT reads (company settings, identity). */
export type UpdateSettings = {
  requiredTag: boolean;
  userRating: boolean;
  sendGreetingAccepted: boolean;
  sendMsgTransfTicket: boolean;
  sendFarewellWaitingTicket: boolean;
};

/**
 * The steps of a PUT /tickets/:id once its change is planned (ticket-rules planTicketChange): the
 * fields, the service cycle, the rating wait and the texts each kind of change writes.
 */
@Injectable()
export class TicketUpdateSteps {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly identity: IdentityDirectory,
    private readonly jobs: AutomationJobs,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BOT_TEXTS) private readonly texts: BotTexts,
  ) {}

  /** The company settings a PUT depends on. */
  async settings(ctx: RequestContext): Promise<UpdateSettings> {
    const [requiredTag, userRating, sendGreetingAccepted, sendMsgTransfTicket, farewellWaiting] =
      await Promise.all([
        this.identity.enabled(ctx, 'requiredTag'),
        this.identity.enabled(ctx, 'userRating'),
        this.identity.enabled(ctx, 'sendGreetingAccepted'),
        this.identity.enabled(ctx, 'sendMsgTransfTicket'),
        this.identity.enabled(ctx, 'sendFarewellWaitingTicket'),
      ]);
    return {
      requiredTag,
      userRating,
      sendGreetingAccepted,
      sendMsgTransfTicket,
      sendFarewellWaitingTicket: farewellWaiting,
    };
  }

  /** Applies one planned change to `fields`, the service cycle and the texts to send. */
  async apply(
    ctx: RequestContext,
    manager: EntityManager,
    row: Ticket,
    change: TicketChange,
    fields: TicketWrite,
    settings: UpdateSettings,
    connection: ConnectionRecord | undefined,
    users: Map<number, { name: string }>,
    texts: PendingText[],
  ): Promise<void> {
    const now = new Date();
    const nameOf = (userId: number | null) =>
      userId === null ? '' : (users.get(userId)?.name ?? '');
    switch (change.kind) {
      case 'accept': {
        Object.assign(fields, {
          status: change.status,
          userId: change.userId,
          queueId: change.queueId,
          isBot: false,
        });
        await this.tickets.track(manager, row, {
          startedAt: now,
          userId: change.userId,
          queueId: change.queueId,
          rated: false,
        });
        const groupOk = !row.isGroup || connection?.groupAsTicket === 'enabled';
        if (settings.sendGreetingAccepted && row.status === 'pending' && groupOk) {
          const contact = await this.tickets.contact(ctx.companyId, row.contactId, manager);
          texts.push({
            ticket: row,
            text: this.texts.acceptGreeting(contact?.name ?? '', nameOf(change.userId)),
          });
        }
        return;
      }
      case 'reopen': {
        Object.assign(fields, {
          status: change.status,
          userId: change.userId,
          queueId: change.queueId,
          isBot: false,
          userRating: null,
          amountUsedBotQueuesNps: 0,
        });
        // the finished (or rating) cycle ends; the reopened ticket starts a new one
        const current = await this.tickets.currentTracking(ctx.companyId, row.id, manager);
        if (current) await this.tickets.track(manager, row, { finishedAt: now });
        await this.tickets.startTracking(manager, row, {
          userId: change.userId,
          queueId: change.queueId,
          startedAt: now,
        });
        return;
      }
      case 'return': {
        Object.assign(fields, { status: 'pending', userId: null, queueId: change.queueId });
        await this.tickets.track(manager, row, {
          startedAt: null,
          userId: null,
          queueId: null,
          queuedAt: now,
        });
        return;
      }
      case 'transfer': {
        Object.assign(fields, {
          status: change.status,
          userId: change.userId,
          queueId: change.queueId,
          isBot: false,
        });
        await this.tickets.track(manager, row, {
          queuedAt: now,
          userId: change.userId,
          queueId: change.queueId,
          startedAt: change.userId !== null ? now : null,
        });
        if (settings.sendMsgTransfTicket && !row.isGroup) {
          const queueName =
            change.queueId !== null && change.queueId !== row.queueId
              ? ((await this.tickets.queues(ctx.companyId, [change.queueId], manager)).get(
                  change.queueId,
                )?.name ?? null)
              : null;
          const userName =
            change.userId !== null && change.userId !== row.userId
              ? nameOf(change.userId) || null
              : null;
          const text = transferText(this.texts, queueName, userName);
          if (text) texts.push({ ticket: row, text });
        }
        return;
      }
      case 'close':
        return this.close(ctx, manager, row, change, fields, settings, connection, texts);
      case 'taken':
      case 'fields':
        return;
    }
  }

  /**
   * Close (BEHAVIOUR.md §5): with userRating on and a rating message, a non-group ticket first waits for
   * the rating (status nps) unless the close dialog chose no rating; otherwise the farewell is sent and
   * the ticket is closed.
   */
  private async close(
    ctx: RequestContext,
    manager: EntityManager,
    row: Ticket,
    { farewell, rating }: { farewell: boolean; rating: boolean },
    fields: TicketWrite,
    settings: UpdateSettings,
    connection: ConnectionRecord | undefined,
    texts: PendingText[],
  ): Promise<void> {
    const now = new Date();
    if (
      settings.requiredTag &&
      !(await this.tickets.hasTag(ctx.companyId, row.id, row.contactId, manager))
    )
      throw new AppError('ERR_TICKET_TAG_REQUIRED');
    const tracking = await this.tickets.currentTracking(ctx.companyId, row.id, manager);
    const ratingMessage = connection?.ratingMessage?.trim();
    if (
      settings.userRating &&
      rating &&
      ratingMessage &&
      !row.isGroup &&
      farewell &&
      row.status !== 'nps' &&
      !tracking?.rated
    ) {
      Object.assign(fields, { status: 'nps', amountUsedBotQueuesNps: 0 });
      await this.tickets.track(manager, row, { closedAt: now });
      await this.tickets.clearTicketTags(manager, ctx.companyId, row.id);
      await this.tickets.addLog(manager, ctx.companyId, row.id, 'nps', ctx.userId, row.queueId);
      texts.push({ ticket: row, text: ratingMessage });
      // an unanswered rating closes the ticket after expiresTicketNPS minutes
      if (connection && connection.expiresTicketNPS > 0)
        await this.jobs.setTimer(
          manager,
          {
            companyId: ctx.companyId,
            ticketId: row.id,
            kind: 'npsExpire',
            at: new Date(this.clock.now().getTime() + connection.expiresTicketNPS * 60_000),
          },
          'move',
        );
      return;
    }
    const waitingOk = row.status !== 'pending' || settings.sendFarewellWaitingTicket;
    if (farewell && waitingOk && !row.isGroup) {
      const holderId = row.userId ?? ctx.userId;
      let text = (await this.identity.replicaUser(ctx, holderId))?.farewellMessage?.trim() ?? '';
      if (!text) text = connection?.complationMessage?.trim() ?? '';
      if (text) texts.push({ ticket: row, text });
    }
    Object.assign(fields, { status: 'closed', ...closedFields() });
    await this.tickets.track(manager, row, { closedAt: now, finishedAt: now });
    await this.tickets.clearTicketTags(manager, ctx.companyId, row.id);
  }
}
