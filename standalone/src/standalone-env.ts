import { baseEnvSchema } from '@sb/platform/config';
import { z } from 'zod';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** Everything `npm start` reads from the environment; services and the gateway validate their own. */
export const standaloneEnvSchema = baseEnvSchema.extend({
  PORT: port(8080),
  WEB_PORT: port(3000),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  NATS_URL: optionalText.pipe(z.url({ protocol: /^(nats|tls|wss?)$/ }).optional()),
  S3_ENDPOINT: optionalText,
  ADMIN_EMAIL: z.email().default('admin@admin.com'),
  ADMIN_PASSWORD: optionalText,
  JWT_SECRET: optionalText.pipe(
    z.string().min(32, 'use at least 32 characters (identity signs tokens with it)').optional(),
  ),
  TURNSTILE_SITE_KEY: optionalText,
  TURNSTILE_SECRET: optionalText,
  /** The operator's terms of use and privacy policy, linked from the login page when set. */
  TERMS_URL: optionalText.pipe(z.url().optional()),
  PRIVACY_URL: optionalText.pipe(z.url().optional()),
  /** The support chat (a wa.me or web chat link) the connections page's "call support" opens. */
  SUPPORT_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /** The API address the browser uses, when it differs from http://localhost:PORT (a proxy, a LAN host). */
  PUBLIC_API_URL: optionalText.pipe(z.url().optional()),
  /** The web address people open, when it differs from http://localhost:WEB_PORT; allowed by CORS. */
  PUBLIC_WEB_URL: optionalText.pipe(z.url().optional()),
  /**
   * More web origins allowed by CORS (comma separated), for a front end hosted elsewhere; the gateway's
   * own variable, read here too since the standalone starts the gateway itself.
   */
  WEB_ORIGINS: optionalText.refine(
    (value) =>
      value === undefined ||
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean)
        .every((origin) => URL.canParse(origin)),
    'a comma-separated list of origins (https://app.example.com)',
  ),
});

export type StandaloneEnv = z.infer<typeof standaloneEnvSchema>;
