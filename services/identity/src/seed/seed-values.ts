import {
  CompanySettingKeys,
  PlanFlags,
  PlatformSettingKeys,
  SettingDefaults,
  type PlanFlagValues,
} from '@sb/contracts';
import { randomBytes } from 'node:crypto';
import { DEFAULT_COMPANY_TIME_ZONE } from '../companies/company.entity.js';

export const SEED_COMPANY_ID = 1;
/** Company 1 hosts the platform itself and never expires. */
export const SEED_COMPANY_DUE_DATE = new Date('2999-12-31T00:00:00.000Z');
export const DEFAULT_ADMIN_EMAIL = 'admin@admin.com';

export const seedPlan = () => ({
  name: 'Plano Ilimitado',
  users: 9999,
  connections: 9999,
  queues: 9999,
  amount: '0.00',
  // the platform's own plan is not offered on the public signup list
  isPublic: false,
  ...(Object.fromEntries(PlanFlags.map((flag) => [flag, true])) as PlanFlagValues),
});

export const seedCompany = () => ({
  id: SEED_COMPANY_ID,
  name: 'Empresa 1',
  status: true,
  dueDate: SEED_COMPANY_DUE_DATE,
  recurrence: 'MENSAL',
  timezone: DEFAULT_COMPANY_TIME_ZONE,
});

export const seedCompanySettings = (): { key: string; value: string }[] =>
  CompanySettingKeys.map((key) => ({ key, value: SettingDefaults[key] }));

export const seedPlatformSettings = (): { key: string; value: string }[] =>
  PlatformSettingKeys.map((key) => ({ key, value: SettingDefaults[key] }));

export type SeedAdmin = { name: string; email: string; password: string; generated: boolean };

/** The super admin from ADMIN_EMAIL / ADMIN_PASSWORD; without a password, a random one to print once. */
export const seedAdmin = (env: Record<string, string | undefined>): SeedAdmin => {
  const email = (env.ADMIN_EMAIL?.trim() || DEFAULT_ADMIN_EMAIL).toLowerCase();
  const given = env.ADMIN_PASSWORD;
  if (given) return { name: 'Admin', email, password: given, generated: false };
  return { name: 'Admin', email, password: randomBytes(12).toString('base64url'), generated: true };
};
