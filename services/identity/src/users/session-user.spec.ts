import { PlanFlags } from '@sb/contracts';
import type { Company } from '../companies/company.entity.js';
import type { Plan } from '../plans/plan.entity.js';
import { toAccessClaims, toSessionUser } from './session-user.js';
import type { User } from './user.entity.js';

const plan = {
  id: 4,
  name: 'Basic',
  ...Object.fromEntries(PlanFlags.map((flag) => [flag, true])),
  useKanban: false,
  useOpenAi: false,
} as unknown as Plan;
const company = {
  id: 2,
  name: 'Acme',
  status: true,
  planId: 4,
  dueDate: new Date('2030-01-15T00:00:00.000Z'),
} as Company;
const user = {
  id: 9,
  companyId: 2,
  name: 'Ana',
  email: 'ana@acme.test',
  passwordHash: '$2b$10$secret',
  profile: 'user',
  super: false,
  profileImage: null,
  language: 'pt-BR',
  allTicket: 'disable',
  allowGroup: false,
  whatsappId: null,
  startWork: '08:00',
  endWork: '18:00',
  farewellMessage: null,
  defaultTheme: 'dark',
  defaultMenu: 'closed',
  wpp: null,
} as unknown as User;

describe('toSessionUser', () => {
  const sessionUser = toSessionUser({
    user,
    company,
    plan,
    companySettings: [{ key: 'sendSignMessage', value: 'enabled' }],
    queues: [],
  });

  it('carries the user fields and never the password hash', () => {
    expect(sessionUser).toMatchObject({
      id: 9,
      companyId: 2,
      email: 'ana@acme.test',
      language: 'pt-BR',
    });
    expect(JSON.stringify(sessionUser)).not.toContain('secret');
  });

  it('carries the company with its plan flags and settings', () => {
    expect(sessionUser.company).toMatchObject({
      id: 2,
      name: 'Acme',
      dueDate: '2030-01-15T00:00:00.000Z',
      status: true,
      planId: 4,
      companieSettings: [{ key: 'sendSignMessage', value: 'enabled' }],
    });
    expect(sessionUser.company.plan).toMatchObject({
      id: 4,
      name: 'Basic',
      useKanban: false,
      useCampaigns: true,
    });
  });

  it('drops a stored language the app does not know', () => {
    const other = toSessionUser({
      user: { ...user, language: 'xx' } as unknown as User,
      company,
      plan,
      companySettings: [],
      queues: [],
    });
    expect(other.language).toBeNull();
  });
});

describe('toAccessClaims', () => {
  it('carries identity, session, enabled flags only and the due date', () => {
    const claims = toAccessClaims({ user, company, plan }, 'sid-1', 'es');
    expect(claims).toEqual({
      sub: '9',
      cid: 2,
      profile: 'user',
      super: false,
      sid: 'sid-1',
      lang: 'pt-BR',
      flags: PlanFlags.filter((flag) => flag !== 'useKanban' && flag !== 'useOpenAi'),
      due: '2030-01-15T00:00:00.000Z',
    });
  });

  it('falls back to the default language', () => {
    const claims = toAccessClaims(
      { user: { ...user, language: null } as User, company, plan },
      's',
      'es',
    );
    expect(claims.lang).toBe('es');
  });
});
