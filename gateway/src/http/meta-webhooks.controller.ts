import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, Header, Inject, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { AppError } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { Public } from '../auth/auth.decorators.js';
import type { GatewayEnv } from '../gateway.config.js';
import { GATEWAY_ENV, GATEWAY_LOGGER } from '../gateway.tokens.js';

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

/**
 * Meta's subscription check of GET /webhooks/meta. The webhooks themselves (POST) are served before
 * the framework by metaWebhookIngress.
 */
@ApiExcludeController()
@Controller('webhooks/meta')
export class MetaWebhooksController {
  constructor(
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
}
