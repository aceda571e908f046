import { Inject, Injectable } from '@nestjs/common';
import type { CompanyFenceEventData, DomainEvent } from '@sb/contracts';
import { IdempotentEventConsumer } from '@sb/platform/nest';
import { companyFenceFeed, fenceActionOf } from '@sb/platform/tenant';
import { ConnectionsService } from '../connections/connections.service.js';
import { META_RUNTIME } from '../meta/meta.tokens.js';
import type { MetaRuntime } from '../meta/meta-runtime.js';
import { CompanyFencesRepository } from './company-fences.repository.js';

/**
 * Applies identity's fences (ARCHITECTURE.md §9). Fenced: the fence is recorded (the webhook
 * processor holds the company's deliveries from then on), then its live WhatsApp sessions stop
 * without logging out. Unfenced: the held deliveries go back in the order they came, the processor
 * is woken, and the stopped sessions start again. Each step is idempotent, so a redelivery repeats
 * it harmlessly; the work commits on its own, before the event is recorded as processed.
 */
@Injectable()
export class CompanyFenceConsumer extends IdempotentEventConsumer<CompanyFenceEventData> {
  protected readonly feed = companyFenceFeed('connectors');

  constructor(
    private readonly fences: CompanyFencesRepository,
    private readonly connections: ConnectionsService,
    @Inject(META_RUNTIME) private readonly meta: MetaRuntime,
  ) {
    super();
  }

  protected async apply(event: DomainEvent<CompanyFenceEventData>): Promise<void> {
    const action = fenceActionOf(event.subject);
    if (!action) return;
    const { companyId, operationId } = event.data;
    if (action === 'fenced') {
      const live = await this.connections.liveSessionIds(companyId);
      const stopped = await this.fences.fence(companyId, operationId, live);
      await this.connections.stopSessions(companyId, stopped);
      return;
    }
    const stopped = await this.fences.unfence(companyId, operationId);
    if (stopped === null) return;
    this.meta.processor.kick();
    await this.connections.startSessions(companyId, stopped);
  }
}
