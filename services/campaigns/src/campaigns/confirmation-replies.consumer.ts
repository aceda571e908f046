import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvent, InboundMessageEventData } from '@sb/contracts';
import { ENV, IdempotentEventConsumer } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { CampaignDispatcher } from './campaign-dispatcher.js';
import { CampaignsRepository } from './campaigns.repository.js';

/** The real message follows a confirmation reply after up to this long (BEHAVIOUR.md §6: 0-10 s). */
const DefaultReplyDelayMs = 10_000;

/** A contact's own message (not an echo, an import, a reaction or a group's) confirms. */
export const confirmingReply = (event: DomainEvent): InboundMessageEventData | null => {
  const data = event.data as Partial<InboundMessageEventData> | null;
  if (!data || data.fromMe || data.imported || data.kind !== 'message') return null;
  if (!data.peer || data.peer.isGroup || typeof data.connectionId !== 'number') return null;
  return data as InboundMessageEventData;
};

/**
 * Any reply from a number a campaign's confirmation waits on confirms its row on that connection; the
 * dispatcher then sends the message.
 */
@Injectable()
export class ConfirmationRepliesConsumer extends IdempotentEventConsumer {
  protected readonly feed = {
    durable: 'campaigns-confirmations',
    filter: 'evt.*.connectors.message.received',
  };
  private readonly maxDelayMs: number;

  constructor(
    private readonly campaigns: CampaignsRepository,
    private readonly dispatcher: CampaignDispatcher,
    @Inject(ENV) env: Record<string, string | undefined>,
  ) {
    super();
    // CAMPAIGN_REPLY_DELAY_MS: the longest wait (tests use 0)
    const configured = Number(env.CAMPAIGN_REPLY_DELAY_MS ?? DefaultReplyDelayMs);
    this.maxDelayMs =
      Number.isFinite(configured) && configured >= 0 ? configured : DefaultReplyDelayMs;
  }

  protected async apply(event: DomainEvent, manager: EntityManager): Promise<void> {
    const reply = confirmingReply(event);
    if (!reply) return;
    const confirmed = await this.campaigns.confirm(
      manager,
      event.companyId,
      reply.connectionId,
      reply.peer.number.replace(/\D/g, ''),
      Math.round(Math.random() * this.maxDelayMs),
    );
    if (confirmed > 0) this.dispatcher.nudge();
  }
}
