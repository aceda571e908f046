import type { SessionUser, LoginInput } from './session.js';

// Data shapes of the identity auth bus requests and events (see docs/foundation-contracts.md).

/** identity.auth.login */
export type LoginRequest = LoginInput & { ip?: string; userAgent?: string };
/** identity.auth.refresh */
export type RefreshRequest = { refreshToken: string };
/** identity.auth.logout */
export type LogoutRequest = { refreshToken?: string; sessionId?: string };
/** identity.session.revoked-list answer */
export type RevokedSessionsReply = { sessions: { sessionId: string; expiresAt: string }[] };

/** evt.<cid>.identity.session.created / .revoked */
export type SessionEventData = { sessionId: string; userId: number };
/** evt.<cid>.identity.user.updated */
export type UserUpdatedEventData = {
  user: SessionUser;
  /** the user's queue ids (tickets keeps its replica from these) and presence (absent in sessions that carry neither) */
  queueIds?: number[];
  online?: boolean;
};
