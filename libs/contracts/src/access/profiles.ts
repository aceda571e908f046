export const Profiles = ['admin', 'user', 'supervisor'] as const;
export type Profile = (typeof Profiles)[number] | 'anonymous';
