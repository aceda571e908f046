import { CompanySettingKeys, PlatformSettingKeys } from '@sb/contracts';
import { createInProcessBus } from '@sb/platform/bus';
import { createLogger } from '@sb/platform/logger';
import { createTestDatabase, IdentityFixtures } from '@sb/testing';
import { Writable } from 'node:stream';
import pg from 'pg';
import { hashPassword } from '../src/auth/password-hasher.js';
import { startIdentityService } from '../src/index.js';
import { JWT_SECRET } from './identity-test-app.js';

/** A warn-level logger whose lines the test reads back. */
const capturingLogger = () => {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger('identity-seed-test', { level: 'warn', destination }) };
};

describe('identity first-start seed', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = new pg.Pool({ connectionString: database.url, max: 2 });
  });

  afterAll(async () => {
    await db.end();
    await database.drop();
  });

  const start = (logger: ReturnType<typeof capturingLogger>['logger']) =>
    startIdentityService({
      bus: createInProcessBus(),
      databaseUrl: database.url,
      logger,
      env: { JWT_SECRET },
    });

  const count = async (table: string) =>
    Number((await db.query(`SELECT count(*) AS n FROM identity.${table}`)).rows[0].n);

  it('seeds once when two instances start together, printing the password once', async () => {
    const first = capturingLogger();
    const second = capturingLogger();
    const services = await Promise.all([start(first.logger), start(second.logger)]);
    await Promise.all(services.map((service) => service.close()));

    expect(await count('companies')).toBe(1);
    expect(await count('plans')).toBe(1);
    expect(await count('users')).toBe(1);
    expect(await count('company_settings')).toBe(CompanySettingKeys.length);
    expect(await count('settings')).toBe(PlatformSettingKeys.length);

    const { rows } = await db.query(
      `SELECT c.id, c.due_date, p.name AS plan, u.email, u.profile, u.super
       FROM identity.companies c JOIN identity.plans p ON p.id = c.plan_id
       JOIN identity.users u ON u.company_id = c.id`,
    );
    expect(rows[0]).toMatchObject({
      id: 1,
      plan: 'Plano Ilimitado',
      email: 'admin@admin.com',
      profile: 'admin',
      super: true,
    });
    expect((rows[0].due_date as Date).toISOString()).toBe('2999-12-31T00:00:00.000Z');

    const announcements = [...first.lines, ...second.lines].filter((line) =>
      line.includes('Super admin created'),
    );
    expect(announcements).toHaveLength(1);
    expect(JSON.parse(announcements[0]!)).toMatchObject({ level: 40, email: 'admin@admin.com' });
    expect(announcements[0]).toMatch(/with the password [A-Za-z0-9_-]{16} /);
  });

  it('changes nothing and prints nothing on a later start', async () => {
    const again = capturingLogger();
    const service = await start(again.logger);
    await service.close();
    expect(await count('companies')).toBe(1);
    expect(await count('users')).toBe(1);
    expect(await count('plans')).toBe(1);
    expect(again.lines.filter((line) => line.includes('Super admin'))).toHaveLength(0);
  });

  it('lets the serial continue after company 1', async () => {
    const second = await new IdentityFixtures(db, hashPassword).newCompany({ name: 'Second' });
    expect(second.id).toBe(2);
  });
});
