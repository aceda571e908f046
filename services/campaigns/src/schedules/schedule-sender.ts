import { Inject, Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  shouldHideNumber,
  type ScheduleEventData,
  type SendToContactReply,
} from '@sb/contracts';
import type { Logger } from '@sb/platform/logger';
import { ENV, LOGGER } from '@sb/platform/nest';
import { Outbox } from '@sb/platform/outbox';
import { Poller, PollingProvider } from '@sb/platform/poller';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@sb/platform/db';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { TicketsDirectory } from '../directories/tickets-directory.js';
import { duePoller, sendErrorCode } from '../polling.js';
import { sendOutcome } from './schedule-rules.js';
import { SchedulesRepository, type ScheduleRow } from './schedules.repository.js';
import { toScheduleRecord } from './schedules.service.js';

/** How often the table is looked at (SCHEDULE_POLL_MS; 0 turns the poller off, e.g. in tests). */
const DefaultPollMs = 5_000;
/** A claim outlives the longest send (tickets answers within 65 s) with room to record the result. */
const LeaseMs = 120_000;
const BatchSize = 20;

/**
 * Sends due schedules. Durable: the table is the only queue, so a schedule missed while every instance
 * was down is found at the next poll and sent then (late, once). Safe with several instances: rows are
 * claimed with `FOR UPDATE SKIP LOCKED` and a lease, then marked ENVIADA (the channel took it) or ERRO
 * (refused: by tickets, or by the channel after tickets stored it on the ticket) only while still
 * PENDENTE. If an instance dies between tickets' answer and the mark, the row is sent again when the
 * lease runs out (at least once, never silently lost).
 */
@Injectable()
export class ScheduleSender extends PollingProvider {
  protected readonly poller: Poller;

  constructor(
    private readonly transactions: Transactions,
    private readonly schedules: SchedulesRepository,
    private readonly tickets: TicketsDirectory,
    private readonly identity: IdentityDirectory,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(ENV) env: Record<string, string | undefined>,
  ) {
    super();
    this.poller = duePoller({
      name: 'schedule sender',
      configured: env.SCHEDULE_POLL_MS,
      defaultMs: DefaultPollMs,
      pass: () => this.drain().then(() => undefined),
      logger,
    });
  }

  /** Sends every schedule due now; resolves with how many were handled (sent, failed or put off). */
  async drain(): Promise<number> {
    let handled = 0;
    while (!this.poller.stopping) {
      const claimed = await this.schedules.claimDue(BatchSize, LeaseMs);
      if (claimed.length === 0) break;
      for (const row of claimed) await this.sendOne(row);
      handled += claimed.length;
    }
    return handled;
  }

  private async sendOne(row: ScheduleRow): Promise<void> {
    const log = { companyId: row.company_id, scheduleId: row.id, attempt: row.attempts };
    let reply: SendToContactReply;
    try {
      reply = await this.tickets.sendToContact(row.company_id, row.user_id, {
        contactId: row.contact_id,
        body: row.body,
        userId: row.user_id,
      });
    } catch (err) {
      const code = sendErrorCode(err);
      const outcome = sendOutcome(code, row.attempts);
      if (outcome.kind === 'retry') {
        this.logger.warn({ ...log, err, retryInMs: outcome.retryInMs }, 'schedule send put off');
        await this.schedules.retryLater(row.company_id, row.id, code, outcome.retryInMs);
        return;
      }
      this.logger.info({ ...log, error: code }, 'schedule refused');
      await this.record(row, (manager) =>
        this.schedules.markFailed(manager, row.company_id, row.id, outcome.error),
      );
      return;
    }
    const { ticketId, sendError } = reply;
    if (sendError) {
      // stored on the ticket, then refused by the channel (the 24-hour window, …): never sent again,
      // the ticket shows the same reason
      this.logger.info({ ...log, ticketId, error: sendError }, 'schedule refused by the channel');
      await this.record(row, (manager) =>
        this.schedules.markFailed(manager, row.company_id, row.id, sendError, ticketId),
      );
      return;
    }
    this.logger.info({ ...log, ticketId }, 'schedule sent');
    await this.record(row, (manager) =>
      this.schedules.markSent(manager, row.company_id, row.id, ticketId),
    );
  }

  /** The new status and its event in one transaction (nothing when the row changed meanwhile). */
  private async record(
    row: ScheduleRow,
    mark: (manager: EntityManager) => Promise<ScheduleRow | undefined>,
  ): Promise<void> {
    // the event reaches every profile of the company: masked as for a plain user
    const hide = shouldHideNumber(await this.identity.lgpdHideNumber(row.company_id), 'broadcast');
    await this.transactions.inTenant(row.company_id, async (manager) => {
      const updated = await mark(manager);
      if (!updated) return;
      const data: ScheduleEventData = { schedule: toScheduleRecord(updated, hide) };
      await Outbox.add(manager, {
        companyId: row.company_id,
        ...DomainEventTypes.campaigns.scheduleUpdated,
        data,
      });
    });
  }
}
