import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  Subjects,
  type AnonymousContext,
  type MetaWebhookDelivery,
  type MetaWebhookRequest,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { microBatch } from '@sb/platform/batching';
import { anonymousContext, runInContext } from '@sb/platform/context';
import { AppError } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { requestIdFrom } from '../auth/request-context.js';
import { toAppError } from '../errors/http-exception.filter.js';
import { requestLogLevel } from '../middleware/request-log.js';

export const MetaWebhookPath = '/webhooks/meta';

/** Webhooks up to this size travel to connectors together (64 of them stay below NATS's 1 MB). */
const BatchedBodyBytes = 8 * 1024;

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

/** `1mb`, `512kb`, `2048`: the BODY_LIMIT setting in bytes. */
export function bodyLimitBytes(limit: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(limit.trim());
  if (!match) return 1024 * 1024;
  const unit = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[
    (match[2] ?? 'b').toLowerCase() as 'b'
  ];
  return Math.floor(Number(match[1]) * unit);
}

export type MetaWebhookIngressOptions = {
  bus: Bus;
  appSecret: string | undefined;
  bodyLimit: number;
  requestTimeoutMs: number;
  logger: Logger;
};

/**
 * POST /webhooks/meta without the framework: Meta's traffic is the busiest route and needs none of
 * what the others do (no session, no cookies, no CORS), so it is read, verified and forwarded here,
 * before express (the GET subscription check stays in MetaWebhooksController). The webhooks that arrive
 * while a store request is under way go to connectors together in the next one; each is answered 200
 * only once connectors stored it.
 */
export function metaWebhookIngress(options: MetaWebhookIngressOptions) {
  const { bus, logger } = options;

  const store = async (ctx: AnonymousContext, payloads: unknown[]) => {
    const data: MetaWebhookRequest = { payloads };
    const reply = await runInContext(ctx, () =>
      bus.request(
        Subjects.connectors.webhookMeta,
        { ctx, data },
        { timeoutMs: options.requestTimeoutMs },
      ),
    );
    return reply.deliveries;
  };
  const forward = microBatch(
    (webhooks: { ctx: AnonymousContext; payload: unknown }[]): Promise<MetaWebhookDelivery[]> =>
      store(
        webhooks[0]!.ctx,
        webhooks.map((webhook) => webhook.payload),
      ),
    { maxSize: 64, parallel: 2 },
  );

  const answer = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };

  const receive = async (
    raw: Buffer,
    signature: string | string[] | undefined,
    ctx: AnonymousContext,
  ) => {
    if (!verifyMetaSignature(options.appSecret, raw, signature)) {
      logger.warn(
        { requestId: ctx.requestId, configured: Boolean(options.appSecret) },
        'refused a Meta webhook with a missing or wrong X-Hub-Signature-256',
      );
      throw new AppError('ERR_INVALID_TOKEN', {
        status: 401,
        message: 'Invalid webhook signature.',
      });
    }
    let payload: unknown;
    try {
      payload = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new AppError('ERR_MALFORMED_JSON');
    }
    const delivery =
      raw.length <= BatchedBodyBytes
        ? await forward({ ctx, payload })
        : (await store(ctx, [payload]))[0]!;
    return { received: delivery.received };
  };

  /** Serves the request when it is a Meta webhook POST; answers whether it did. */
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = req.url?.split('?')[0];
    if (req.method !== 'POST' || path !== MetaWebhookPath) return false;
    const startedAt = performance.now();
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('x-request-id', requestId);
    const ctx = anonymousContext(requestId);
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    const fail = (err: unknown) => {
      const error = toAppError(err, logger);
      answer(res, error.status, error.toBody());
    };
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > options.bodyLimit) {
        refused = true;
        fail(
          new AppError('ERR_VALIDATION', {
            status: 413,
            message: 'The request body is too large.',
          }),
        );
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', (err) => {
      if (!refused) logger.warn({ err, requestId }, 'a Meta webhook request broke off');
      refused = true;
    });
    req.on('end', () => {
      if (refused) return;
      receive(Buffer.concat(chunks, size), req.headers['x-hub-signature-256'], ctx).then(
        (body) => answer(res, 200, body),
        fail,
      );
    });
    res.on('finish', () => {
      const level = requestLogLevel(res.statusCode);
      logger[level](
        {
          requestId,
          method: 'POST',
          path: MetaWebhookPath,
          status: res.statusCode,
          durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
        },
        level === 'warn' ? 'request failed' : 'request served',
      );
    });
    return true;
  };
}
