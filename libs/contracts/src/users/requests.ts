import type { UserEditFields, UserRecord } from './user-inputs.js';

// Data shapes of the identity user bus requests and events.

/** identity.user.get / identity.user.delete */
export type UserIdRequest = { id: number };
/** identity.user.edit */
export type UserEditRequest = UserEditFields & { id: number };
/** identity.user.set-image: the gateway stored the file; identity records its key. */
export type UserSetImageRequest = { id: number; key: string };
/** identity.user.presence: the socket heartbeat (online) or the last socket gone (offline). */
export type UserPresenceRequest = { online: boolean };

/**
 * identity.user.available-agents (a service acting for the company): the members of each queue who are
 * online and inside their startWork–endWork window at `at` (ISO), on the company's wall clock.
 */
export type AvailableAgentsRequest = { companyId: number; queueIds: number[]; at: string };
/** One entry per asked queue, its user ids ascending (empty when nobody is available). */
export type AvailableAgentsReply = { queues: { queueId: number; userIds: number[] }[] };

/** evt.<cid>.identity.user.created */
export type UserCreatedEventData = { user: UserRecord };
/** evt.<cid>.identity.user.deleted */
export type UserDeletedEventData = { userId: number };

/** A user not seen for this long counts as offline (query-time rule, no timer). */
export const UserOnlineWindowMs = 6 * 60 * 1000;
