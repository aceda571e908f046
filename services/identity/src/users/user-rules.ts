import { UserOnlineWindowMs, type RequestContext, type UserEditFields } from '@sb/contracts';

export type Caller = Pick<RequestContext, 'companyId' | 'userId' | 'profile'> & { super?: boolean };
export type Target = { id: number; companyId: number; super: boolean };

/** What a plain user may change on their own account (spec 2 §6; the picture has its own route). */
export const SelfEditableUserFields = [
  'name',
  'password',
  'defaultTheme',
  'defaultMenu',
  'language',
  'farewellMessage',
] as const satisfies readonly (keyof UserEditFields)[];

const isManager = (caller: Caller) => caller.profile === 'admin' || caller.super === true;

/** Admins of the company (and the super user) create and delete users. */
export const mayManageUsers = (caller: Caller): boolean => isManager(caller);

/**
 * The fields of `changes` the caller may not change on `target`; empty means allowed. Only fields whose
 * value differs count, so a form that re-sends unchanged values still saves. A super user's account is
 * changed only by a super user.
 */
export const forbiddenUserChanges = (
  caller: Caller,
  target: Target,
  changes: Record<string, unknown>,
  current: Record<string, unknown>,
): string[] => {
  const changed = Object.keys(changes).filter(
    (field) =>
      changes[field] !== undefined &&
      (field === 'password' ||
        JSON.stringify(changes[field]) !== JSON.stringify(current[field] ?? null)),
  );
  if (target.super && caller.super !== true) return changed.length ? changed : ['id'];
  if (isManager(caller)) return [];
  if (caller.userId !== target.id) return changed.length ? changed : ['id'];
  return changed.filter((field) => !(SelfEditableUserFields as readonly string[]).includes(field));
};

/** Who may change a user's picture: themself, or an admin of the company (super accounts: super only). */
export const mayChangePicture = (caller: Caller, target: Target): boolean =>
  target.super ? caller.super === true : isManager(caller) || caller.userId === target.id;

/** Online is a query-time rule: flagged online and seen within the last 6 minutes. */
export const isOnline = (
  user: { online: boolean; lastSeenAt: Date | null },
  now: number = Date.now(),
): boolean =>
  user.online && user.lastSeenAt !== null && now - user.lastSeenAt.getTime() < UserOnlineWindowMs;
