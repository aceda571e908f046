import type { Profile } from './profiles.js';

/** The static admin permissions of spec 1 §6 (`<area>:<action>`), checked by the web app and the gateway. */
export const Permissions = [
  'dashboard:view',
  'drawer-admin-items:view',
  'tickets-manager:showall',
  'user-modal:editProfile',
  'user-modal:editQueues',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  'connections-page:actionButtons',
  'connections-page:addConnection',
  'connections-page:editOrDeleteConnection',
  'tickets-manager:closeAll',
] as const;
export type Permission = (typeof Permissions)[number];

const none: readonly Permission[] = Object.freeze([]);

/**
 * Static permissions per profile. Admin has them all, user none. The spec grants the supervisor no admin
 * permission, so it gets none here either: a supervisor works like a user until an issue defines its
 * extra rights (granting admin screens by guess would widen access).
 */
const byProfile: Record<Profile, readonly Permission[]> = {
  admin: Object.freeze([...Permissions]),
  user: none,
  supervisor: none,
  anonymous: none,
};

export const permissionsOf = (profile: Profile): readonly Permission[] =>
  byProfile[profile] ?? none;

export const hasPermission = (user: { profile: Profile }, permission: Permission): boolean =>
  permissionsOf(user.profile).includes(permission);

export const isPermission = (value: unknown): value is Permission =>
  typeof value === 'string' && (Permissions as readonly string[]).includes(value);
