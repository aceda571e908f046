import type { Profile } from '../access/profiles.js';

/**
 * Who is calling, set by the gateway from the verified token (never from the client's body) and carried
 * with every bus request. `companyId` scopes every query of the receiving service.
 */
export type RequestContext = {
  requestId: string;
  companyId: number;
  userId: number;
  profile: Profile;
  super: boolean;
  lang: string;
  /**
   * The caller's address as the gateway resolved it (its peer, or the client behind TRUSTED_PROXIES);
   * for audit logs and limits. Absent on calls no client made (jobs, replays, other services).
   */
  clientIp?: string;
};

/** Context of a call nobody is logged in for (login, signup, public lists). */
export type AnonymousContext = Omit<
  RequestContext,
  'companyId' | 'userId' | 'profile' | 'super'
> & {
  companyId: 0;
  userId: 0;
  profile: 'anonymous';
  super: false;
};
