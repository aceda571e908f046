import { Inject, Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  type CampaignReplyEventData,
  type DomainEvent,
  type InboundMessageEventData,
} from '@sb/contracts';
import { enterTenantScope } from '@sb/platform/db';
import { ENV, IdempotentEventConsumer } from '@sb/platform/nest';
import { Outbox } from '@sb/platform/outbox';
import { msOrOffOf } from '@sb/platform/poller';
import type { EntityManager } from 'typeorm';
import { ContactListsService } from '../contact-lists/contact-lists.service.js';
import { CampaignDispatcher } from './campaign-dispatcher.js';
import {
  CampaignRepliesRepository,
  type OptOutRow,
  type RepliedShipping,
} from './campaign-replies.repository.js';
import { CampaignsRepository } from './campaigns.repository.js';
import { isOptOutReply, optOutNumber } from './opt-out-words.js';

/** The real message follows a confirmation reply after up to this long (BEHAVIOUR.md §6: 0-10 s). */
const DefaultReplyDelayMs = 10_000;

/** A contact's own message (not an echo, an import, a reaction or a group's) is a reply. */
export const contactReply = (event: DomainEvent): InboundMessageEventData | null => {
  const data = event.data as Partial<InboundMessageEventData> | null;
  if (!data || data.fromMe || data.imported || data.kind !== 'message') return null;
  if (!data.peer || data.peer.isGroup || typeof data.connectionId !== 'number') return null;
  return data as InboundMessageEventData;
};

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** One report change per shipping row, its counter steps added up. */
type Change = { row: RepliedShipping; counters: CampaignReplyEventData['counters'] };

/**
 * The campaigns' one reader of contacts' messages, in this order:
 * - a reply within the reply window is linked to the shipping last sent to that number on that
 *   connection (first reply time, reply count);
 * - an opt-out word marks the number for the company and skips the rows waiting for its confirmation;
 * - any other reply confirms the rows a confirmation waits on, and the dispatcher sends the message.
 */
@Injectable()
export class CampaignRepliesConsumer extends IdempotentEventConsumer {
  protected readonly feed = {
    // the name it had when it only confirmed: a new name would be a new durable starting elsewhere
    durable: 'campaigns-confirmations',
    filter: 'evt.*.connectors.message.received',
  };
  private readonly maxDelayMs: number;

  constructor(
    private readonly campaigns: CampaignsRepository,
    private readonly replies: CampaignRepliesRepository,
    private readonly lists: ContactListsService,
    private readonly dispatcher: CampaignDispatcher,
    @Inject(ENV) env: Record<string, string | undefined>,
  ) {
    super();
    // CAMPAIGN_REPLY_DELAY_MS: the longest wait (tests use 0)
    this.maxDelayMs = msOrOffOf(env.CAMPAIGN_REPLY_DELAY_MS, DefaultReplyDelayMs);
  }

  protected async apply(event: DomainEvent, manager: EntityManager): Promise<void> {
    const reply = contactReply(event);
    if (!reply) return;
    const companyId = event.companyId;
    // the consumer's transaction spans companies (its processed-event row); what follows is one's
    await enterTenantScope(manager, companyId);
    const number = optOutNumber(reply.peer.number);
    const settings = await this.lists.readSettings(companyId);
    const changes = new Map<number, Change>();
    const change = (row: RepliedShipping, counters: Change['counters']) => {
      const before = changes.get(row.id)?.counters ?? {};
      const sum = { ...before };
      for (const [key, step] of Object.entries(counters) as [keyof Change['counters'], number][])
        sum[key] = (sum[key] ?? 0) + step;
      changes.set(row.id, { row, counters: sum });
    };

    const replied = await this.replies.attributeReply(
      manager,
      companyId,
      reply.connectionId,
      number,
      settings.replyWindowHours,
    );
    if (replied?.reply_count === 1) change(replied, { replies: 1 });

    let optOut: OptOutRow | null = null;
    if (isOptOutReply(reply.body, settings.optOutWords)) {
      optOut = await this.replies.recordOptOut(manager, companyId, number, reply.connectionId);
      const skipped = await this.replies.skipAwaiting(manager, companyId, number);
      for (const row of skipped) {
        // a skipped row counts as an opt-out once, also when it is the one the contact answered
        change(row, { optOuts: 1, pending: -1 });
      }
      const answered = optOut.created && optOut.shipping_id !== null ? optOut.shipping_id : null;
      if (answered !== null && !skipped.some((row) => row.id === answered)) {
        const row = await this.replies.shipping(manager, companyId, answered);
        if (row) change(row, { optOuts: 1 });
      }
    } else {
      const confirmed = await this.campaigns.confirm(
        manager,
        companyId,
        reply.connectionId,
        number,
        Math.round(Math.random() * this.maxDelayMs),
      );
      if (confirmed > 0) this.dispatcher.nudge();
    }

    // as the report shows it: the opt-out on the row it answered and on the rows it skipped
    const optedOutAt = (row: RepliedShipping) =>
      optOut && (row.status === 'opted_out' || row.campaign_id === optOut.campaign_id)
        ? iso(optOut.opted_out_at)
        : null;
    for (const { row, counters } of changes.values()) {
      const data: CampaignReplyEventData = {
        campaignId: row.campaign_id,
        shippingId: row.id,
        status: row.status,
        repliedAt: iso(row.first_reply_at),
        replyCount: row.reply_count,
        optedOutAt: optedOutAt(row),
        counters,
      };
      await Outbox.add(manager, {
        companyId,
        ...DomainEventTypes.campaigns.campaignReplyRecorded,
        data,
      });
    }
  }
}
