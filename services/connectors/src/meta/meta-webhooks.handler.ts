import { Inject, Injectable } from '@nestjs/common';
import { Subjects, type MetaWebhookReply, type MetaWebhookRequest } from '@sb/contracts';
import type { Logger } from '@sb/platform/logger';
import { BusHandler, LOGGER } from '@sb/platform/nest';
import { isRecord } from './meta-inbound.js';
import type { MetaRuntime } from './meta-runtime.js';
import { META_RUNTIME } from './meta.tokens.js';
import type { CallContext } from '@sb/platform/context';

/**
 * The gateway hands verified webhooks here, those of a burst together. They are stored with one
 * statement before the answer (Meta gets its 200 only once nothing can be lost) and processed right
 * after, or by the poller after a crash.
 */
@Injectable()
export class MetaWebhooksHandler {
  constructor(
    @Inject(META_RUNTIME) private readonly meta: MetaRuntime,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @BusHandler(Subjects.connectors.webhookMeta)
  async receive(_ctx: CallContext, data: MetaWebhookRequest): Promise<MetaWebhookReply> {
    const payloads = Array.isArray(data?.payloads) ? data.payloads : [];
    const valid = payloads.filter(isRecord);
    if (valid.length < payloads.length) {
      this.logger.warn(
        { ignored: payloads.length - valid.length },
        'ignored Meta webhooks that are not JSON objects',
      );
    }
    const ids = await this.meta.deliveries.storeMany(
      valid.map((payload) => ({
        source: 'meta',
        object: typeof payload.object === 'string' ? payload.object.slice(0, 60) : null,
        payload,
      })),
    );
    if (ids.length > 0) this.meta.processor.kick();
    const stored = new Map(valid.map((payload, index) => [payload, ids[index]!]));
    return {
      deliveries: payloads.map((payload) => {
        const deliveryId = isRecord(payload) ? (stored.get(payload) ?? null) : null;
        return { received: deliveryId !== null, deliveryId };
      }),
    };
  }
}
