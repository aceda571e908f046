import { Inject, Injectable } from '@nestjs/common';
import { Subjects, type MetaWebhookReply, type MetaWebhookRequest } from '@sb/contracts';
import type { Logger } from '@sb/platform/logger';
import { BusHandler, LOGGER } from '@sb/platform/nest';
import { isRecord } from './meta-inbound.js';
import type { MetaRuntime } from './meta-runtime.js';
import { META_RUNTIME } from './meta.tokens.js';

/**
 * The gateway hands verified webhooks here. The delivery is stored before the answer (Meta gets its 200
 * only once nothing can be lost) and processed right after, or by the poller after a crash.
 */
@Injectable()
export class MetaWebhooksHandler {
  constructor(
    @Inject(META_RUNTIME) private readonly meta: MetaRuntime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @BusHandler(Subjects.connectors.webhookMeta)
  async receive(data: MetaWebhookRequest): Promise<MetaWebhookReply> {
    const payload = data?.payload;
    if (!isRecord(payload)) {
      this.logger.warn({ payload }, 'ignored a Meta webhook that is not a JSON object');
      return { received: false, deliveryId: null };
    }
    const object = typeof payload.object === 'string' ? payload.object.slice(0, 60) : null;
    const deliveryId = await this.meta.deliveries.store('meta', object, payload);
    this.meta.processor.kick();
    return { received: true, deliveryId };
  }
}
