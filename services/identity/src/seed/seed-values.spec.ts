import { CompanySettingKeys, PlanFlags, PlatformSettingKeys, SettingDefaults } from '@sb/contracts';
import {
  seedAdmin,
  seedCompany,
  seedCompanySettings,
  seedPlan,
  seedPlatformSettings,
} from './seed-values.js';

describe('seed values', () => {
  it('gives company 1 a due date that never comes', () => {
    const company = seedCompany();
    expect(company.id).toBe(1);
    expect(company.dueDate.toISOString()).toBe('2999-12-31T00:00:00.000Z');
    expect(company.status).toBe(true);
    expect(company.timezone).toBe('America/Sao_Paulo');
  });

  it('turns every plan flag on with generous limits', () => {
    const plan = seedPlan();
    expect(plan.name).toBe('Plano Ilimitado');
    for (const flag of PlanFlags) expect(plan[flag]).toBe(true);
    expect(plan.users).toBeGreaterThanOrEqual(1000);
    expect(plan.connections).toBeGreaterThanOrEqual(1000);
    expect(plan.queues).toBeGreaterThanOrEqual(1000);
  });

  it('stores every company setting with its default, and the platform ones apart', () => {
    const company = seedCompanySettings();
    expect(company.map((row) => row.key).sort()).toEqual([...CompanySettingKeys].sort());
    for (const row of company) expect(row.value).toBe(SettingDefaults[row.key as never]);
    const platform = seedPlatformSettings();
    expect(platform.map((row) => row.key)).toEqual(PlatformSettingKeys);
    expect(platform).toContainEqual({ key: 'userCreation', value: SettingDefaults.userCreation });
  });

  it('takes the admin from the environment, lower-casing the email', () => {
    expect(seedAdmin({ ADMIN_EMAIL: ' Boss@Example.COM ', ADMIN_PASSWORD: 'pw12345' })).toEqual({
      name: 'Admin',
      email: 'boss@example.com',
      password: 'pw12345',
      generated: false,
    });
  });

  it('defaults to admin@admin.com with a fresh random password to print once', () => {
    const first = seedAdmin({});
    const second = seedAdmin({});
    expect(first.email).toBe('admin@admin.com');
    expect(first.generated).toBe(true);
    expect(first.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(second.password).not.toBe(first.password);
  });
});
