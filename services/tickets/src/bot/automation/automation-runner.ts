import { Inject, Injectable } from '@nestjs/common';
import type { Clock } from '@sb/platform/clock';
import type { ConnectionRecord } from '@sb/contracts';
import type { Logger } from '@sb/platform/logger';
import { CLOCK, ENV, LOGGER } from '@sb/platform/nest';
import { pollMsOf, Poller, PollingProvider } from '@sb/platform/poller';
import { systemContext } from '../../directories/system-context.js';
import { MessageSending } from '../../messages/message-sending.service.js';
import type { Ticket } from '../../tickets/core/ticket.entity.js';
import { TicketsRepository } from '../../tickets/core/tickets.repository.js';
import { BotTicketCommands } from '../../tickets/bot-commands.service.js';
import { BotContext } from './bot-context.js';
import { BOT_TEXTS } from '../language/bot-language.module.js';
import type { BotTexts } from '../language/bot-texts.js';
import type { AutomationJob, ReplyPayload } from '../../tickets/core/automation-jobs.js';
import { AutomationJobs } from '../../tickets/core/automation-jobs.repository.js';
import { ExternalBots } from '../external-bots/external-bots.js';
import type { BotConversation, BotOutcome } from '../external-bots/external-bot.js';
import { BotFiles } from './bot-files.js';
import { BotReplies } from './bot-replies.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const LeaseMs = 60_000;
const BatchSize = 50;
const MaxAttempts = 5;

/**
 * Runs the automation's durable jobs: bot replies (in order per ticket) and the timers (queue hand-off
 * after timeSendQueue, inactivity message and auto-close, unanswered rating). It polls every
 * TICKETS_JOBS_POLL_MS (default 500) with the service clock, so a restart loses nothing and tests can
 * move time. Each timer looks at the ticket again before acting.
 */
@Injectable()
export class AutomationRunner extends PollingProvider {
  protected readonly poller: Poller;

  constructor(
    private readonly rows: TicketsRepository,
    private readonly jobs: AutomationJobs,
    private readonly context: BotContext,
    private readonly messages: MessageSending,
    private readonly tickets: BotTicketCommands,
    private readonly bots: ExternalBots,
    private readonly files: BotFiles,
    private readonly replies: BotReplies,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ENV) env: Record<string, string | undefined>,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(BOT_TEXTS) private readonly texts: BotTexts,
  ) {
    super();
    this.poller = new Poller({
      name: 'automation jobs',
      everyMs: pollMsOf(env.TICKETS_JOBS_POLL_MS, 500),
      pass: () => this.runDue(),
      logger,
    });
  }

  private async runDue(): Promise<void> {
    for (;;) {
      const due = await this.jobs.claim(this.clock.now(), BatchSize, LeaseMs);
      if (due.length === 0) return;
      // one ticket's jobs in order, different tickets side by side
      const byTicket = new Map<number, AutomationJob[]>();
      for (const job of due)
        byTicket.set(job.ticket_id, [...(byTicket.get(job.ticket_id) ?? []), job]);
      await Promise.all(
        [...byTicket.values()].map(async (jobs) => {
          for (const job of jobs) await this.runOne(job);
        }),
      );
    }
  }

  private async runOne(job: AutomationJob): Promise<void> {
    try {
      await this.handle(job);
      await this.jobs.done(job.id);
    } catch (err) {
      const retry = job.attempts < MaxAttempts;
      this.logger.warn({ err, jobId: job.id, kind: job.kind, retry }, 'automation job failed');
      if (retry)
        await this.jobs.retryAt(
          job.id,
          new Date(this.clock.now().getTime() + 2 ** job.attempts * 1000),
        );
      else await this.jobs.done(job.id);
    }
  }

  private async handle(job: AutomationJob): Promise<void> {
    const companyId = job.company_id;
    const ctx = systemContext(companyId);
    const ticket = await this.rows.findById(companyId, job.ticket_id);
    if (!ticket) return;
    const now = this.clock.now();
    const connection =
      ticket.whatsappId !== null ? await this.context.record(ctx, ticket.whatsappId) : null;
    switch (job.kind) {
      case 'reply': {
        const { texts, greetingMedia, queuePositionOf, fileListId, handOff, close } = job.payload;
        for (const [index, text] of texts.entries()) {
          const withMedia =
            greetingMedia?.at === index &&
            (await this.files.sendFile(ctx, ticket.id, greetingMedia.key, text));
          if (!withMedia)
            await this.messages.sendSystemText(ctx, ticket.id, text, { awaitSend: true });
        }
        if (queuePositionOf) {
          const n = await this.rows.queuePosition(companyId, queuePositionOf, ticket.id);
          await this.messages.sendSystemText(
            ctx,
            ticket.id,
            this.texts.queuePosition(Math.max(1, n)),
            {
              awaitSend: true,
            },
          );
        }
        if (fileListId !== undefined) await this.files.sendList(ctx, ticket.id, fileListId);
        if (handOff) await this.runBot(ticket, handOff, connection);
        if (close)
          await this.tickets.closeByBot(companyId, ticket.id, {
            text: close.text,
            rating: close.rating,
            log: 'closed',
            at: now,
          });
        return;
      }
      case 'sendQueue':
        if (
          ticket.status === 'pending' &&
          ticket.queueId === null &&
          ticket.userId === null &&
          connection?.sendIdQueue
        )
          await this.tickets.moveToQueueByBot(companyId, ticket.id, connection.sendIdQueue);
        return;
      case 'npsExpire':
        if (ticket.status === 'nps')
          await this.tickets.closeByBot(companyId, ticket.id, {
            text: connection?.complationMessage ?? '',
            log: 'autoClose',
            at: now,
          });
        return;
      case 'inactive':
        if (ticket.status === 'open' && connection?.inactiveMessage?.trim())
          await this.messages.sendSystemText(ctx, ticket.id, connection.inactiveMessage, {
            awaitSend: true,
          });
        return;
      case 'expire':
        if (ticket.status === 'open' && !ticket.isGroup)
          await this.tickets.closeByBot(companyId, ticket.id, {
            text: connection?.expiresInactiveMessage ?? '',
            log: 'autoClose',
            at: now,
          });
        return;
    }
  }

  /**
   * Gives the message to the external bot and does what it answers. A bot that fails (timeout, refusal,
   * nonsense) never leaves the ticket stuck: people take over in its queue, and the failure is logged.
   */
  private async runBot(
    ticket: Ticket,
    handOff: NonNullable<ReplyPayload['handOff']>,
    connection: ConnectionRecord | null,
  ): Promise<void> {
    // an agent took the ticket, or a bot gave up on it, since the message came in
    if (ticket.userId !== null || ticket.status !== 'pending' || ticket.botStoppedAt) return;
    const companyId = ticket.companyId;
    const contact = await this.rows.contact(companyId, ticket.contactId);
    if (!contact) return;
    const conversation: BotConversation = {
      companyId,
      connectionId: ticket.whatsappId,
      ticket: {
        id: ticket.id,
        uuid: ticket.uuid,
        status: ticket.status,
        queueId: ticket.queueId,
        typebotSessionId: ticket.typebotSessionId,
        typebotSessionAt: ticket.typebotSessionAt,
      },
      contact: { id: contact.id, name: contact.name, number: contact.number },
      now: this.clock.now(),
    };
    const fallbackQueueId = connection?.sendIdQueue ?? connection?.queueIds[0] ?? null;
    let outcome: BotOutcome;
    try {
      outcome = await this.bots.run(handOff.bot, conversation, handOff.message);
    } catch (err) {
      const failure = err as { kind?: string; status?: number; message?: string };
      this.logger.warn(
        {
          companyId,
          ticketId: ticket.id,
          bot: handOff.bot,
          kind: failure.kind,
          status: failure.status,
          err,
        },
        'external bot failed: the ticket goes to people',
      );
      await this.tickets.handOverByBot(companyId, ticket.id, {
        queueId: null,
        userId: null,
        fallbackQueueId,
      });
      return;
    }
    if (outcome.state) await this.rows.setBotState(companyId, ticket.id, outcome.state);
    const ctx = systemContext(companyId);
    for (const [index, text] of outcome.texts.entries()) {
      if (index > 0 && outcome.delayMs) await pause(outcome.delayMs);
      await this.replies.say(ctx, ticket.id, text, outcome.form);
    }
    if (outcome.close)
      await this.tickets.closeByBot(companyId, ticket.id, {
        text: connection?.complationMessage ?? '',
        log: 'closed',
        at: this.clock.now(),
      });
    else if (outcome.handOver)
      await this.tickets.handOverByBot(companyId, ticket.id, {
        ...outcome.handOver,
        fallbackQueueId,
      });
  }
}
