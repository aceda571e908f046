import { hasPermission, type PlanFlag, type SessionUser } from '@sb/contracts';

/** What a screen or menu item asks of the user: admin profile, super flag, a plan flag. */
export type AccessRule = { admin?: boolean; super?: boolean; planFlag?: PlanFlag };

export const isAdmin = (user: Pick<SessionUser, 'profile'>): boolean =>
  hasPermission(user, 'drawer-admin-items:view');

export const hasPlanFlag = (user: SessionUser, flag: PlanFlag): boolean =>
  user.company?.plan?.[flag] === true;

export const canAccess = (user: SessionUser, rule: AccessRule | undefined): boolean =>
  !rule ||
  ((!rule.admin || isAdmin(user)) &&
    (!rule.super || user.super === true) &&
    (!rule.planFlag || hasPlanFlag(user, rule.planFlag)));
