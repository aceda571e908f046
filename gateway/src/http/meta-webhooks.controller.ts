import { createHmac, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Header, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  Subjects,
  type AnonymousContext,
  type MetaWebhookDelivery,
  type MetaWebhookReply,
  type MetaWebhookRequest,
} from '@sb/contracts';
import { microBatch } from '@sb/platform/batching';
import { AppError } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { Public } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import type { GatewayEnv } from '../gateway.config.js';
import { GATEWAY_ENV, GATEWAY_LOGGER } from '../gateway.tokens.js';
import { ServiceClient } from './service-client.js';

/**
 * True when `header` is `sha256=<hex>` and the hex is the HMAC-SHA256 of the raw body with the app secret
 * (compared in constant time). No secret, no header or no body: false.
 */
export function verifyMetaSignature(
  appSecret: string | undefined,
  rawBody: Buffer | undefined,
  header: string | string[] | undefined,
): boolean {
  if (!appSecret || !rawBody || typeof header !== 'string') return false;
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The hub.* query of Meta's subscription check, answered only with the configured token. */
export function verifySubscription(
  verifyToken: string | undefined,
  query: Record<string, unknown>,
): string | null {
  const mode = query['hub.mode'];
  const token = query['hub.verify_token'];
  const challenge = query['hub.challenge'];
  if (!verifyToken || mode !== 'subscribe' || typeof token !== 'string') return null;
  const a = Buffer.from(token);
  const b = Buffer.from(verifyToken);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  return typeof challenge === 'string' ? challenge : '';
}

type RawRequest = GatewayRequest & { rawBody?: Buffer };

/** Webhooks up to this size travel to connectors together (16 of them stay far below NATS's 1 MB). */
const BatchedBodyBytes = 32 * 1024;

/**
 * Meta's webhooks (WhatsApp Cloud API, Messenger, Instagram): no user token, the signature is the proof.
 * The delivery is stored by the connectors service before the 200; processing happens after.
 */
@ApiExcludeController()
@Controller('webhooks/meta')
export class MetaWebhooksController {
  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  @Public()
  @Get()
  @Header('content-type', 'text/plain; charset=utf-8')
  verify(@Query() query: Record<string, unknown>): string {
    const challenge = verifySubscription(this.env.META_VERIFY_TOKEN, query ?? {});
    if (challenge === null) {
      this.logger.warn({ mode: query?.['hub.mode'] }, 'refused a Meta webhook subscription check');
      throw new AppError('ERR_NO_PERMISSION', {
        status: 403,
        message: 'Webhook verification failed.',
      });
    }
    return challenge;
  }

  @Public()
  @Post()
  @HttpCode(200)
  async receive(@Req() req: RawRequest): Promise<{ received: boolean }> {
    const signature = req.headers['x-hub-signature-256'];
    if (!verifyMetaSignature(this.env.META_APP_SECRET, req.rawBody, signature)) {
      this.logger.warn(
        { requestId: req.sb.requestId, configured: Boolean(this.env.META_APP_SECRET) },
        'refused a Meta webhook with a missing or wrong X-Hub-Signature-256',
      );
      throw new AppError('ERR_INVALID_TOKEN', {
        status: 401,
        message: 'Invalid webhook signature.',
      });
    }
    const payload = req.body as unknown;
    const small = (req.rawBody?.length ?? 0) <= BatchedBodyBytes;
    const delivery = small
      ? await this.forward({ ctx: req.sb.ctx as AnonymousContext, payload })
      : (await this.store(req.sb.ctx as AnonymousContext, [payload]))[0]!;
    return { received: delivery.received };
  }

  /** Stores webhooks through connectors; the answers follow the payloads. */
  private async store(ctx: AnonymousContext, payloads: unknown[]): Promise<MetaWebhookDelivery[]> {
    const data: MetaWebhookRequest = { payloads };
    const reply = await this.services.request<MetaWebhookReply>(
      Subjects.connectors.webhookMeta,
      ctx,
      data,
    );
    return reply.deliveries;
  }

  /**
   * The webhooks that arrive while a store request is under way go to connectors together in the
   * next one (one bus round trip and one commit for a burst); each is still answered only once stored.
   */
  private readonly forward = microBatch(
    (webhooks: { ctx: AnonymousContext; payload: unknown }[]) =>
      this.store(
        webhooks[0]!.ctx,
        webhooks.map((webhook) => webhook.payload),
      ),
    { maxSize: 16, parallel: 4 },
  );
}
