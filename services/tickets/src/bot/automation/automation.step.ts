import { Inject, Injectable } from '@nestjs/common';
import { isOptOutReply, OptOutWordMax, type ConnectionRecord } from '@sb/contracts';
import type { Clock } from '@sb/platform/clock';
import { CLOCK } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { ContactsRepository } from '../../contacts/contacts.repository.js';
import { CampaignsDirectory } from '../../directories/campaigns-directory.js';
import type { InboundTurn } from './inbound-turn.js';
import { TicketsRepository } from '../../tickets/core/tickets.repository.js';
import type { ReplyPayload } from '../../tickets/core/automation-jobs.js';
import { AutomationJobs } from '../../tickets/core/automation-jobs.repository.js';
import { BotContext } from './bot-context.js';
import { BOT_TEXTS } from '../language/bot-language.module.js';
import type { BotTexts } from '../language/bot-texts.js';
import { callReplies, decideInbound, type BotConnection, type BotDecision } from './bot-rules.js';
import { inactivityPlan } from '../../tickets/core/inactivity-timers.js';

const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

/**
 * The inbound step of the conversation automation: after the message is stored, the bot decides (pure
 * rules), the ticket and contact change in the same transaction, and what the bot says is queued as a
 * durable reply job, sent in order after the commit. Timers (queue hand-off, inactivity) are set here.
 */
@Injectable()
export class AutomationStep {
  constructor(
    private readonly context: BotContext,
    private readonly jobs: AutomationJobs,
    private readonly tickets: TicketsRepository,
    private readonly contacts: ContactsRepository,
    private readonly campaigns: CampaignsDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(BOT_TEXTS) private readonly texts: BotTexts,
  ) {}

  async run(turns: InboundTurn[], manager: EntityManager): Promise<void> {
    const now = this.clock.now();
    const replies: { companyId: number; ticketId: number; payload: ReplyPayload; at: Date }[] = [];
    const connections = new Map<string, Promise<BotConnection | null>>();
    for (const turn of turns) {
      const { data, ticket, contact, ctx, companyId } = turn;
      if (!ticket || !contact || data.fromMe || data.imported || data.kind !== 'message') continue;
      if (ticket.isGroup || contact.isGroup) continue;
      const record = await this.context.record(ctx, data.connectionId);
      if (!record) continue;
      const settings = await this.context.settings(ctx);
      if (data.mediaType === 'call_log') {
        const texts = callReplies(settings, this.texts);
        if (texts.length)
          replies.push({ companyId, ticketId: ticket.id, payload: { texts }, at: now });
        continue;
      }
      // a contact answering a campaign's opt-out word (campaigns opts the number out) gets no menu,
      // no greeting and no bot: the message opened the conversation, and it ends there
      if (await this.isOptOut(turn)) continue;
      if (turn.newTicket && settings.enableLGPD && !contact.lgpdAcceptedAt) {
        await this.tickets.setBotFields(manager, companyId, ticket.id, { status: 'lgpd' });
        ticket.status = 'lgpd';
      }
      // a burst brings many messages to one connection: its queues and options are read once per round
      const connectionKey = `${companyId}:${data.connectionId}`;
      if (!connections.has(connectionKey))
        connections.set(connectionKey, this.context.connection(ctx, data.connectionId, manager));
      const connection = await connections.get(connectionKey)!;
      if (!connection) continue;
      const decision = decideInbound({
        ticket: { ...ticket, botAskedAt: ticket.botAskedAt ?? null },
        contact,
        message: { body: data.body ?? '', isAudio: data.mediaType === 'audio' },
        connection,
        settings,
        now,
        texts: this.texts,
      });
      await this.apply(turn, decision, manager);
      const payload = this.replyOf(decision, record, turn);
      if (payload) replies.push({ companyId, ticketId: ticket.id, payload, at: now });
      await this.setTimers(turn, record, manager, now);
    }
    await this.jobs.addReplies(manager, replies);
  }

  /**
   * The message opened the ticket (new, or reopened from closed) and is, whole, one of the company's
   * campaign opt-out words. Inside a conversation already going, the bot reads it as usual.
   */
  private async isOptOut(turn: InboundTurn): Promise<boolean> {
    const body = turn.data.body ?? '';
    if (!turn.newTicket && turn.previousStatus !== 'closed') return false;
    const text = body.trim();
    if (text === '' || text.length > OptOutWordMax) return false;
    return isOptOutReply(body, await this.campaigns.optOutWords(turn.companyId));
  }

  private async apply(turn: InboundTurn, decision: BotDecision, manager: EntityManager) {
    const ticket = turn.ticket!;
    const { companyId } = turn;
    const patch = { ...decision.ticket };
    if (Object.keys(patch).length > 0) {
      await this.tickets.setBotFields(manager, companyId, ticket.id, patch);
      Object.assign(ticket, patch);
    }
    if (decision.contactLgpdAcceptedAt) {
      await this.contacts.acceptLgpd(
        manager,
        companyId,
        turn.contact!.id,
        decision.contactLgpdAcceptedAt,
      );
      turn.contact!.lgpdAcceptedAt = decision.contactLgpdAcceptedAt;
    }
    for (const log of decision.logs)
      await this.tickets.addLog(manager, companyId, ticket.id, log, null, ticket.queueId);
  }

  private replyOf(
    decision: BotDecision,
    record: ConnectionRecord,
    turn: InboundTurn,
  ): ReplyPayload | null {
    const payload: ReplyPayload = { texts: decision.replies };
    if (decision.greetingReply !== undefined && record.greetingMediaAttachment)
      payload.greetingMedia = { key: record.greetingMediaAttachment, at: decision.greetingReply };
    // the ticket's queue after the decision: an option leaf leaves the bot in the queue it was in
    const queueId = decision.ticket.queueId ?? turn.ticket?.queueId;
    if (decision.tellQueuePosition && queueId) payload.queuePositionOf = queueId;
    if (decision.fileListId !== undefined) payload.fileListId = decision.fileListId;
    if (decision.handOff) {
      const { message, data } = turn;
      payload.handOff = {
        bot: decision.handOff.bot,
        message:
          decision.handOff.forward && message
            ? {
                id: message.id,
                body: data.body ?? '',
                mediaType: data.mediaType,
                mediaKey: data.media?.key ?? null,
                mediaName: data.media?.fileName ?? null,
              }
            : null,
      };
    }
    if (decision.close)
      payload.close = {
        text: decision.close === 'completion' ? (record.complationMessage ?? '') : '',
        ...(decision.ticket.userRating !== undefined ? { rating: decision.ticket.userRating } : {}),
      };
    const empty =
      !payload.texts.length &&
      !payload.queuePositionOf &&
      payload.fileListId === undefined &&
      !payload.handOff &&
      !payload.close;
    return empty ? null : payload;
  }

  /** The queue hand-off timer of a ticket left without queue, and the inactivity timers of an open one. */
  private async setTimers(
    turn: InboundTurn,
    record: ConnectionRecord,
    manager: EntityManager,
    now: Date,
  ): Promise<void> {
    const ticket = turn.ticket!;
    const base = { companyId: turn.companyId, ticketId: ticket.id };
    if (
      ticket.status === 'pending' &&
      ticket.queueId === null &&
      ticket.userId === null &&
      record.timeSendQueue > 0 &&
      record.sendIdQueue
    )
      await this.jobs.setTimer(
        manager,
        { ...base, kind: 'sendQueue', at: minutes(now, record.timeSendQueue) },
        'keep',
      );
    if (ticket.status !== 'open' || ticket.userId === null) return;
    await this.jobs.applyInactivity(manager, base, inactivityPlan(record, 'contact', now));
  }
}
