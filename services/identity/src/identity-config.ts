import { loadConfig } from '@sb/platform/config';
import { z } from 'zod';
import { parseTtlSeconds } from './auth/access-token.js';
import { LoginThrottle, type ThrottlePolicy } from './account-throttle/account-throttle-rules.js';
import { seedAdmin, type SeedAdmin } from './seed/seed-values.js';

export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

export type IdentityConfig = {
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlMs: number;
  admin: SeedAdmin;
  /** failed logins per email */
  loginThrottle: ThrottlePolicy;
};

const REFRESH_TOKEN_TTL_MS = 7 * 24 * 3600 * 1000;

// Compose files often pass `VAR=` for "not set".
const unsetWhenEmpty = <S extends z.ZodType>(schema: S) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

const identityEnvSchema = z.object({
  // A random fallback would log everyone out on every restart and split a scaled-out service:
  // the secret must come from the environment (the standalone generates and persists one).
  JWT_SECRET: z
    .string({ error: 'JWT_SECRET is required (at least 32 characters, shared with the gateway)' })
    .min(32, 'JWT_SECRET must be at least 32 characters'),
  ACCESS_TOKEN_TTL: z
    .string()
    .optional()
    .refine((value) => parseTtlSeconds(value) !== undefined, {
      message: "ACCESS_TOKEN_TTL must be seconds ('900') or a duration ('15m', '1h')",
    }),
  ADMIN_EMAIL: unsetWhenEmpty(z.email('ADMIN_EMAIL must be an email address').optional()),
  ADMIN_PASSWORD: unsetWhenEmpty(
    z.string().min(5, 'ADMIN_PASSWORD must be at least 5 characters').optional(),
  ),
  /** failed logins per email that pass before the account locks (0: the first failure locks) */
  LOGIN_FREE_FAILURES: unsetWhenEmpty(z.coerce.number().int().min(0).default(LoginThrottle.free)),
  /** the first lock; each further failure doubles it up to LOGIN_LOCK_MAX_MS */
  LOGIN_LOCK_BASE_MS: unsetWhenEmpty(
    z.coerce.number().int().positive().default(LoginThrottle.baseMs),
  ),
  LOGIN_LOCK_MAX_MS: unsetWhenEmpty(
    z.coerce.number().int().positive().default(LoginThrottle.maxMs),
  ),
});

/** Reads identity's settings once at boot; throws a ConfigError naming every bad variable. */
export const identityConfigFrom = (env: Record<string, string | undefined>): IdentityConfig => {
  const parsed = loadConfig(identityEnvSchema, env);
  return {
    jwtSecret: parsed.JWT_SECRET,
    accessTokenTtlSeconds: parseTtlSeconds(parsed.ACCESS_TOKEN_TTL)!,
    refreshTokenTtlMs: REFRESH_TOKEN_TTL_MS,
    admin: seedAdmin({ ADMIN_EMAIL: parsed.ADMIN_EMAIL, ADMIN_PASSWORD: parsed.ADMIN_PASSWORD }),
    loginThrottle: {
      ...LoginThrottle,
      free: parsed.LOGIN_FREE_FAILURES,
      baseMs: parsed.LOGIN_LOCK_BASE_MS,
      maxMs: Math.max(parsed.LOGIN_LOCK_MAX_MS, parsed.LOGIN_LOCK_BASE_MS),
    },
  };
};
