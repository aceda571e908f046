import { renderBanner } from './banner.js';

const base = {
  webUrl: 'http://localhost:3000',
  apiUrl: 'http://localhost:8080',
  adminEmail: 'admin@admin.com',
  database: 'embedded' as const,
  bus: 'in-process' as const,
  dataDir: '/srv/sb/.data',
};

describe('renderBanner', () => {
  it('shows both URLs, the API docs and who to log in as, and ends with ready', () => {
    const banner = renderBanner({ ...base, adminPasswordSet: false });
    expect(banner).toContain('http://localhost:3000');
    expect(banner).toContain('http://localhost:8080/docs');
    expect(banner).toContain('admin@admin.com');
    expect(banner).toContain('password printed above on the first start');
    expect(banner.trimEnd().split('\n').pop()).toBe('ready');
  });

  it('points to ADMIN_PASSWORD when one was set', () => {
    const banner = renderBanner({ ...base, adminPasswordSet: true });
    expect(banner).toContain('the ADMIN_PASSWORD you set');
    expect(banner).not.toContain('printed above');
  });

  it('says where the data lives', () => {
    expect(renderBanner({ ...base, adminPasswordSet: true })).toContain('/srv/sb/.data');
    expect(
      renderBanner({ ...base, adminPasswordSet: true, database: 'external', bus: 'nats' }),
    ).toMatch(/DATABASE_URL[\s\S]*NATS_URL/);
  });
});
