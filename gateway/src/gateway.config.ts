import { z } from 'zod';
import { trustedProxiesFrom } from './middleware/client-address.js';

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

/** Cloudflare's Turnstile verification endpoint (the default of TURNSTILE_VERIFY_URL). */
export const TurnstileVerifyUrl = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** Environment of the gateway itself, validated at boot (startGateway and main.ts). */
export const gatewayEnvSchema = z.object({
  JWT_SECRET: z
    .string()
    .min(32, 'JWT_SECRET must have at least 32 characters (shared with identity)'),
  COOKIE_SECURE: flag,
  TURNSTILE_SECRET: z.string().optional(),
  TURNSTILE_VERIFY_URL: z.url().default(TurnstileVerifyUrl),
  /**
   * requests per window and IP on login, signup and the password-reset routes; 0 turns the limit off
   * (benchmarks). Refreshing a session has budgets of its own (below).
   */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(0).default(50),
  AUTH_RATE_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** POST /auth/refresh_token per window and session (refresh cookie; without one, per IP); 0: off */
  REFRESH_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
  /** POST /auth/refresh_token per window and IP, whatever the cookie (bounds made-up cookies); 0: off */
  REFRESH_IP_RATE_LIMIT: z.coerce.number().int().min(0).default(600),
  /**
   * POST /api/messages/send: failed token attempts (missing or unknown bearer) per window and IP before
   * the IP is refused with 429 until the window ends; 0 turns the limit off
   */
  EXTERNAL_API_TOKEN_FAILURES: z.coerce.number().int().min(0).default(10),
  EXTERNAL_API_TOKEN_WINDOW_MS: z.coerce.number().int().positive().default(600_000),
  /** how long a forwarded call waits for its service before 504 */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** how long GET /health waits for each service */
  HEALTH_TIMEOUT_MS: z.coerce.number().int().positive().default(2_000),
  /**
   * Comma-separated CIDRs (IPv4 and IPv6) of the reverse proxies in front of the gateway (the ingress):
   * only their X-Forwarded-For / X-Real-IP are believed. Unset: the peer address is the client.
   */
  TRUSTED_PROXIES: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      try {
        trustedProxiesFrom(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  BODY_LIMIT: z.string().default('1mb'),
  /** GET /webhooks/meta answers Meta's subscription check only with this token */
  META_VERIFY_TOKEN: z.string().optional(),
  /** POST /webhooks/meta: the app secret the X-Hub-Signature-256 HMAC is checked with */
  META_APP_SECRET: z.string().optional(),
});
export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;

/** Environment of `src/main.ts`: the process wiring around startGateway. */
export const gatewayMainEnvSchema = z.object({
  NATS_URL: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  WEB_ORIGINS: z.string().optional(),
  WEB_ORIGIN: z.string().optional(),
});

/** WEB_ORIGINS (comma separated) wins over WEB_ORIGIN; the Vite dev server and the standalone web by default. */
export const webOriginsFrom = (env: { WEB_ORIGINS?: string; WEB_ORIGIN?: string }): string[] => {
  const raw = env.WEB_ORIGINS ?? env.WEB_ORIGIN ?? 'http://localhost:3000';
  return raw
    .split(',')
    .map((origin) => origin.trim().replace(/\/$/, ''))
    .filter(Boolean);
};
