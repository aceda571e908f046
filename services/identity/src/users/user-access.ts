import type { RequestContext } from '@sb/contracts';

export type Caller = Pick<RequestContext, 'companyId' | 'userId' | 'profile'>;

/** Whether the caller may change this user's preferences: themself, or an admin of the company. */
export const mayUpdateUser = (caller: Caller, target: { id: number; companyId: number }): boolean =>
  caller.companyId === target.companyId &&
  (caller.userId === target.id || caller.profile === 'admin');
