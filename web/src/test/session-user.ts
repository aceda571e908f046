import { PlanFlags, type PlanFlag, type SessionUser } from '@sb/contracts';

const allFlags = (enabled: boolean) =>
  Object.fromEntries(PlanFlags.map((flag) => [flag, enabled])) as Record<PlanFlag, boolean>;

/** A session user for tests: an agent of company 2 whose plan has every flag off, unless told. */
export const sessionUser = (
  overrides: Partial<Omit<SessionUser, 'company'>> & {
    flags?: Partial<Record<PlanFlag, boolean>>;
    company?: Partial<SessionUser['company']>;
  } = {},
): SessionUser => {
  const { flags, company, ...rest } = overrides;
  return {
    id: 7,
    companyId: 2,
    name: 'Ana Souza',
    email: 'ana@example.com',
    profile: 'user',
    super: false,
    profileImage: null,
    language: null,
    allTicket: 'disable',
    allowGroup: false,
    whatsappId: null,
    queues: [],
    startWork: '00:00',
    endWork: '23:59',
    farewellMessage: null,
    defaultTheme: 'light',
    defaultMenu: 'open',
    wpp: null,
    ...rest,
    company: {
      id: 2,
      name: 'Acme',
      dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      status: true,
      planId: 1,
      plan: { id: 1, name: 'Plan', ...allFlags(false), ...flags },
      companieSettings: [],
      ...company,
    },
  };
};
