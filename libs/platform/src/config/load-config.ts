import { z } from 'zod';

/** Variables every process understands; services and the standalone extend it. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** stdout's log format; unset: human in a terminal, JSON otherwise */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  DATABASE_URL: z.string().min(1).optional(),
  NATS_URL: z.string().min(1).optional(),
  /** subject prefix (and own event stream) when several environments share one NATS server */
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
    .optional(),
});

/** A service started on its own (`runServiceMain`) needs both a database and NATS. */
export const serviceEnvSchema = baseEnvSchema.extend({
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required'),
  NATS_URL: z.string().min(1, 'NATS_URL is required'),
});

/** Thrown at boot when the environment does not satisfy the schema; lists every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment once at boot, so a bad deployment fails loudly before serving. */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const key = issue.path.map(String).join('.') || '(root)';
    return `${key}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}
