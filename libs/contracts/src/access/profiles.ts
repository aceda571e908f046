/** The profiles a user can have; `super` is a separate flag on top of a profile. */
export const Profiles = ['admin', 'user', 'supervisor'] as const;
export type UserProfile = (typeof Profiles)[number];
/** A caller's profile: a user profile, or `anonymous` before login. */
export type Profile = UserProfile | 'anonymous';

export const isUserProfile = (value: unknown): value is UserProfile =>
  typeof value === 'string' && (Profiles as readonly string[]).includes(value);
