import { z } from 'zod';
import { baseEnvSchema, ConfigError, loadConfig, serviceEnvSchema } from './load-config.js';

describe('loadConfig', () => {
  it('returns parsed values with defaults applied', () => {
    const config = loadConfig(baseEnvSchema, { DATABASE_URL: 'postgres://x/y' });
    expect(config.NODE_ENV).toBe('development');
    expect(config.DATABASE_URL).toBe('postgres://x/y');
  });

  it('lists every bad variable in one error', () => {
    const schema = z.object({ PORT: z.coerce.number().int(), SECRET: z.string().min(8) });
    let error: unknown;
    try {
      loadConfig(schema, { PORT: 'abc', SECRET: 'short' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(2);
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('SECRET:'))).toBe(true);
    expect((error as Error).message).toContain('PORT');
  });

  it('requires DATABASE_URL and NATS_URL for a standalone service process', () => {
    expect(() => loadConfig(serviceEnvSchema, {})).toThrow(/DATABASE_URL[\s\S]*NATS_URL/);
  });
});
