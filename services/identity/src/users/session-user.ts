import {
  enabledPlanFlags,
  isLanguage,
  PlanFlags,
  type AccessTokenClaims,
  type PlanFlagValues,
  type SessionQueue,
  type SessionUser,
} from '@sb/contracts';
import type { Company } from '../companies/company.entity.js';
import type { Plan } from '../plans/plan.entity.js';
import type { User } from './user.entity.js';

/** Everything the session user is built from, loaded by the repositories. */
export type SessionUserSource = {
  user: User;
  company: Company;
  plan: Plan;
  companySettings: { key: string; value: string }[];
  queues: SessionQueue[];
  /** the signed URL of the picture (the loader signs user.profileImage, which holds the storage key) */
  profileImageUrl?: string | null;
};

const planFlagsOf = (plan: Plan): PlanFlagValues =>
  Object.fromEntries(PlanFlags.map((flag) => [flag, plan[flag] === true])) as PlanFlagValues;

/** Due date as sent to clients; a company without one is treated as already due. */
const dueDateOf = (company: Company): string => (company.dueDate ?? new Date(0)).toISOString();

export const toSessionUser = (source: SessionUserSource): SessionUser => {
  const { user, company, plan } = source;
  return {
    id: user.id,
    companyId: user.companyId,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: user.super,
    profileImage: source.profileImageUrl !== undefined ? source.profileImageUrl : user.profileImage,
    language: isLanguage(user.language) ? user.language : null,
    allTicket: user.allTicket,
    allowGroup: user.allowGroup,
    whatsappId: user.whatsappId,
    queues: source.queues,
    startWork: user.startWork,
    endWork: user.endWork,
    farewellMessage: user.farewellMessage,
    defaultTheme: user.defaultTheme,
    defaultMenu: user.defaultMenu,
    wpp: user.wpp,
    company: {
      id: company.id,
      name: company.name,
      dueDate: dueDateOf(company),
      status: company.status,
      planId: company.planId,
      plan: { id: plan.id, name: plan.name, ...planFlagsOf(plan) },
      companieSettings: source.companySettings.map(({ key, value }) => ({ key, value })),
    },
  };
};

/** The claims of the access token of one session. */
export const toAccessClaims = (
  source: Pick<SessionUserSource, 'user' | 'company' | 'plan'>,
  sessionId: string,
  fallbackLanguage: string,
): AccessTokenClaims => ({
  sub: String(source.user.id),
  cid: source.user.companyId,
  profile: source.user.profile,
  super: source.user.super,
  sid: sessionId,
  lang: source.user.language ?? fallbackLanguage,
  flags: enabledPlanFlags(planFlagsOf(source.plan)),
  due: dueDateOf(source.company),
});
