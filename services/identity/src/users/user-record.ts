import { isLanguage, type SessionQueue, type UserListItem, type UserRecord } from '@sb/contracts';
import type { User } from './user.entity.js';
import { isOnline } from './user-rules.js';

/** A user's queues: their ids, and the same queues named from the replica of the tickets' queues. */
export type UserQueueLinks = { queueIds: number[]; queues: SessionQueue[] };
export const NoQueues: UserQueueLinks = { queueIds: [], queues: [] };

/** A user as the users screens see it; `imageUrl` is the signed URL of the stored picture. */
export const toUserRecord = (
  user: User,
  { queueIds, queues }: UserQueueLinks,
  imageUrl: string | null,
  now: number = Date.now(),
): UserRecord => ({
  id: user.id,
  companyId: user.companyId,
  name: user.name,
  email: user.email,
  profile: user.profile === 'admin' || user.profile === 'supervisor' ? user.profile : 'user',
  super: user.super,
  online: isOnline(user, now),
  profileImage: imageUrl,
  allTicket: user.allTicket,
  allowGroup: user.allowGroup,
  defaultTheme: user.defaultTheme,
  defaultMenu: user.defaultMenu,
  startWork: user.startWork,
  endWork: user.endWork,
  farewellMessage: user.farewellMessage,
  wpp: user.wpp,
  whatsappId: user.whatsappId,
  queueIds,
  queues,
  language: isLanguage(user.language) ? user.language : null,
  lastSeenAt: user.lastSeenAt ? user.lastSeenAt.toISOString() : null,
  createdAt: user.createdAt.toISOString(),
});

export const toUserListItem = (record: UserRecord): UserListItem => ({
  id: record.id,
  name: record.name,
  profile: record.profile,
  online: record.online,
  profileImage: record.profileImage,
  queueIds: record.queueIds,
  queues: record.queues,
});
