import { randomUUID } from 'node:crypto';
import {
  Subjects,
  type AuditLogPage,
  type AuditRecordedEventData,
  type DomainEvent,
  type RequestContext,
} from '@sb/contracts';
import type { RunningNestService } from '@sb/platform/nest';
import { CompanySettingsRepository } from '../src/settings/company-settings.repository.js';
import type { UserFixture } from '@sb/testing';
import { useIdentityTestApp } from './identity-test-app.js';

const waitFor = async <T>(probe: () => Promise<T | undefined>, what: string): Promise<T> => {
  const deadline = Date.now() + 8_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('audit log (identity)', () => {
  const rig = useIdentityTestApp('in-process', 'identity-audit-int-spec');
  let admin: UserFixture;
  let agent: UserFixture;
  let otherCompany: number;
  let otherAdmin: UserFixture;

  const as = (user: UserFixture, profile: string, extra: Partial<RequestContext> = {}) => ({
    companyId: user.companyId,
    userId: user.id,
    profile: profile as RequestContext['profile'],
    super: false,
    ...extra,
  });

  beforeAll(async () => {
    if (!rig.bus) return;
    otherCompany = (await rig.app.given.newCompany({ name: 'Other audit co' })).id;
    admin = await rig.app.given.newUser(otherCompany, {
      email: 'adm@audit.test',
      profile: 'admin',
    });
    agent = await rig.app.given.newUser(otherCompany, { email: 'agent@audit.test' });
    const third = (await rig.app.given.newCompany({ name: 'Third audit co' })).id;
    otherAdmin = await rig.app.given.newUser(third, { email: 'adm3@audit.test', profile: 'admin' });
  });

  const page = (ctx: Partial<RequestContext>, query: Record<string, unknown> = {}) =>
    rig.app.request<AuditLogPage>(Subjects.identity.auditList, query, ctx);

  it('records a settings change with who, when, from where, before and after', async () => {
    if (!rig.bus) return;
    await rig.app.request(
      Subjects.identity.settingsUpdate,
      { key: 'userRating', value: 'enabled' },
      as(admin, 'admin', { clientIp: '203.0.113.9', userAgent: 'audit-test/1.0' }),
    );
    const entry = await waitFor(async () => {
      const { entries } = await page(as(admin, 'admin'), { entity: 'settings' });
      return entries.find((e) => e.entityId === 'userRating');
    }, 'the settings audit entry');
    expect(entry).toMatchObject({
      companyId: otherCompany,
      actorUserId: admin.id,
      actorName: 'adm',
      actorProfile: 'admin',
      action: 'update',
      entity: 'settings',
      before: { key: 'userRating', value: 'disabled', scope: 'company' },
      after: { key: 'userRating', value: 'enabled', scope: 'company' },
      ip: '203.0.113.9',
      userAgent: 'audit-test/1.0',
    });
    expect(Date.parse(entry.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("records an admin's edit of a user, the password only as changed", async () => {
    if (!rig.bus) return;
    await rig.app.request(
      Subjects.identity.userUpdate,
      { id: agent.id, name: 'Agent Renamed', password: 'new-pass-123456' },
      as(admin, 'admin'),
    );
    const entry = await waitFor(async () => {
      const { entries } = await page(as(admin, 'admin'), { entity: 'user' });
      return entries.find((e) => e.entityId === String(agent.id));
    }, 'the user audit entry');
    expect(entry).toMatchObject({ action: 'update', before: { name: 'agent' } });
    expect(entry.after).toMatchObject({ name: 'Agent Renamed', password: '********' });
    expect(JSON.stringify(entry)).not.toContain('new-pass');
  });

  it('masks secret settings in before and after', async () => {
    if (!rig.bus) return;
    await rig.app.request(
      Subjects.identity.settingsUpdate,
      { key: 'asaas', value: 'asaas-api-token-123456' },
      as(admin, 'admin'),
    );
    const entry = await waitFor(async () => {
      const { entries } = await page(as(admin, 'admin'), { entity: 'settings' });
      return entries.find((e) => e.entityId === 'asaas');
    }, 'the secret setting entry');
    expect(entry.after).toMatchObject({ key: 'asaas', value: '********' });
    // the token itself is sealed at rest and still answers to the admin
    const { rows: stored } = await rig.app.db.query<{ value: string }>(
      `SELECT value FROM identity.company_settings WHERE company_id = $1 AND key = 'asaas'`,
      [otherCompany],
    );
    expect(stored[0]!.value).toMatch(/^enc:v1:0:/);
    const one = await rig.app.request<{ value: string }>(
      Subjects.identity.companySettingOne,
      { key: 'asaas' },
      as(admin, 'admin'),
    );
    expect(one.value).toBe('asaas-api-token-123456');
    // a plain value from before encryption still reads, and the sweep seals it
    await rig.app.db.query(
      `INSERT INTO identity.company_settings (company_id, key, value) VALUES ($1, 'ixc', 'plain-old')
       ON CONFLICT (company_id, key) DO UPDATE SET value = EXCLUDED.value`,
      [otherCompany],
    );
    const nest = (rig.app.service as RunningNestService).app;
    expect(await nest.get(CompanySettingsRepository).resealSecrets()).toBe(1);
    const ixc = await rig.app.request<{ value: string }>(
      Subjects.identity.companySettingOne,
      { key: 'ixc' },
      as(admin, 'admin'),
    );
    expect(ixc.value).toBe('plain-old');
    const { rows } = await rig.app.db.query(
      'SELECT after::text AS after FROM identity.audit_entries',
    );
    expect(rows.map((r: { after: string }) => r.after).join()).not.toContain('asaas-api-token');
  });

  it('appends an event once even when it is delivered twice', async () => {
    if (!rig.bus) return;
    const data: AuditRecordedEventData = {
      actorUserId: admin.id,
      actorProfile: 'admin',
      actorSuper: false,
      action: 'delete',
      entity: 'queue',
      entityId: '77',
      before: { id: 77, name: 'Sales' },
      after: null,
      ip: null,
      userAgent: null,
      at: new Date().toISOString(),
    };
    const event: DomainEvent<AuditRecordedEventData> = {
      id: randomUUID(),
      subject: `evt.${otherCompany}.tickets.audit.recorded`,
      companyId: otherCompany,
      occurredAt: data.at,
      data,
    };
    await rig.bus!.publish(event);
    await rig.bus!.publish(event);
    await waitFor(async () => {
      const { entries } = await page(as(admin, 'admin'), { entity: 'queue' });
      return entries.length > 0 ? entries : undefined;
    }, 'the queue entry');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { entries, count } = await page(as(admin, 'admin'), {
      entity: 'queue',
      action: 'delete',
    });
    expect(count).toBe(1);
    expect(entries[0]).toMatchObject({ entityId: '77', before: { name: 'Sales' }, after: null });
  });

  it('is readable by the company admin only; other companies see nothing, super picks any', async () => {
    if (!rig.bus) return;
    await expect(page(as(agent, 'user'))).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    const foreign = await page(as(otherAdmin, 'admin'), { companyId: otherCompany });
    expect(foreign.count).toBe(0);
    const superPage = await page(
      { companyId: 1, userId: 1, profile: 'admin', super: true },
      { companyId: otherCompany },
    );
    expect(superPage.count).toBeGreaterThanOrEqual(3);
    expect(superPage.entries.every((e) => e.companyId === otherCompany)).toBe(true);
  });

  it('filters by date range, actor and action, and pages', async () => {
    if (!rig.bus) return;
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await page(as(admin, 'admin'), { from: future })).count).toBe(0);
    expect((await page(as(admin, 'admin'), { actorUserId: agent.id })).count).toBe(0);
    const all = await page(as(admin, 'admin'), { actorUserId: admin.id, pageNumber: 1 });
    expect(all.count).toBeGreaterThanOrEqual(3);
    await expect(page(as(admin, 'admin'), { entity: 'nonsense' })).rejects.toMatchObject({
      code: 'ERR_VALIDATION',
    });
  });

  it('refuses UPDATE and DELETE on the table itself', async () => {
    if (!rig.bus) return;
    await expect(
      rig.app.db.query("UPDATE identity.audit_entries SET actor_name = 'x'"),
    ).rejects.toThrow(/append-only/);
    await expect(rig.app.db.query('DELETE FROM identity.audit_entries')).rejects.toThrow(
      /append-only/,
    );
    await expect(rig.app.db.query('TRUNCATE identity.audit_entries')).rejects.toThrow(
      /append-only/,
    );
  });
});
