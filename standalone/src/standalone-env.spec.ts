import { standaloneEnvSchema } from './standalone-env.js';

describe('standaloneEnvSchema', () => {
  it('defaults to ports 8080 and 3000, ./.data, the embedded database and the in-process bus', () => {
    const env = standaloneEnvSchema.parse({});
    expect(env).toMatchObject({
      PORT: 8080,
      WEB_PORT: 3000,
      DATA_DIR: './.data',
      ADMIN_EMAIL: 'admin@admin.com',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.NATS_URL).toBeUndefined();
    expect(env.JWT_SECRET).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    const env = standaloneEnvSchema.parse({ DATABASE_URL: '', NATS_URL: ' ', ADMIN_PASSWORD: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.NATS_URL).toBeUndefined();
    expect(env.ADMIN_PASSWORD).toBeUndefined();
  });

  it('accepts real connection URLs', () => {
    const env = standaloneEnvSchema.parse({
      PORT: '9090',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
      NATS_URL: 'nats://127.0.0.1:4222',
    });
    expect(env.PORT).toBe(9090);
    expect(env.DATABASE_URL).toBe('postgres://postgres@127.0.0.1:5432/postgres');
    expect(env.NATS_URL).toBe('nats://127.0.0.1:4222');
  });

  it('names every bad variable', () => {
    const result = standaloneEnvSchema.safeParse({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://localhost/db',
      JWT_SECRET: 'short',
      LOG_LEVEL: 'loud',
    });
    expect(result.success).toBe(false);
    const names = result.error?.issues.map((issue) => issue.path[0]).sort();
    expect(names).toEqual(['DATABASE_URL', 'JWT_SECRET', 'LOG_LEVEL', 'PORT']);
  });

  it('takes a web support chat link only', () => {
    const link = 'https://wa.me/5511999990000';
    expect(standaloneEnvSchema.parse({ SUPPORT_URL: link }).SUPPORT_URL).toBe(link);
    expect(standaloneEnvSchema.parse({ SUPPORT_URL: '' }).SUPPORT_URL).toBeUndefined();
    expect(standaloneEnvSchema.safeParse({ SUPPORT_URL: 'javascript:alert(1)' }).success).toBe(
      false,
    );
  });

  it('takes WEB_ORIGINS as comma-separated origins and refuses what is not one', () => {
    const env = standaloneEnvSchema.parse({
      WEB_ORIGINS: 'https://app.example.com, https://painel.example.com/',
    });
    expect(env.WEB_ORIGINS).toBe('https://app.example.com, https://painel.example.com/');
    expect(standaloneEnvSchema.safeParse({ WEB_ORIGINS: 'app.example.com' }).success).toBe(false);
  });
});
