import { identityConfigFrom } from './identity-config.js';

const secret = 'x'.repeat(32);

describe('identityConfigFrom', () => {
  it('fails the boot with a clear message when JWT_SECRET is missing', () => {
    expect(() => identityConfigFrom({})).toThrow(/JWT_SECRET is required/);
  });

  it('refuses a short secret and a nonsense token lifetime, naming both', () => {
    expect(() => identityConfigFrom({ JWT_SECRET: 'short', ACCESS_TOKEN_TTL: 'soon' })).toThrow(
      /JWT_SECRET must be at least 32[\s\S]*ACCESS_TOKEN_TTL/,
    );
  });

  it('defaults to 15-minute access tokens, 7-day refresh tokens and the default admin', () => {
    const config = identityConfigFrom({ JWT_SECRET: secret, ADMIN_PASSWORD: '' });
    expect(config.accessTokenTtlSeconds).toBe(900);
    expect(config.refreshTokenTtlMs).toBe(7 * 24 * 3600 * 1000);
    expect(config.admin).toMatchObject({ email: 'admin@admin.com', generated: true });
  });

  it('takes the admin and the lifetime from the environment', () => {
    const config = identityConfigFrom({
      JWT_SECRET: secret,
      ACCESS_TOKEN_TTL: '5m',
      ADMIN_EMAIL: 'Root@Example.com',
      ADMIN_PASSWORD: 'secret-pw',
    });
    expect(config.accessTokenTtlSeconds).toBe(300);
    expect(config.admin).toEqual({
      name: 'Admin',
      email: 'root@example.com',
      password: 'secret-pw',
      generated: false,
    });
  });
});
