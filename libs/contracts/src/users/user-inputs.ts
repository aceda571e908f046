import { z } from 'zod';
import { ref } from '../refs/refs.js';
import { Languages } from '../auth/languages.js';
import type { Language } from '../auth/languages.js';
import type { SessionQueue, SessionUser } from '../auth/session.js';
import {
  blankAsNull,
  formBoolean,
  optionalFormBoolean,
  optionalRecordId,
} from '../http/form-values.js';
import { listQuery } from '../http/list-query.js';

/** HH:mm, 00:00–23:59 (working hours, spec 2 §3). */
export const WorkTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm');

/** The profiles an admin may give through the API; `super` is never settable (spec 2 §6). */
export const UserEditableProfiles = ['admin', 'user'] as const;
export type UserEditableProfile = (typeof UserEditableProfiles)[number];

/** Every field of the user modal (spec 2 §5) with its messages; the web form and identity share it. */
const userFields = {
  name: z.string().trim().min(2, 'Too Short!').max(50, 'Too Long!'),
  email: z.string().trim().toLowerCase().pipe(z.email('Invalid email')),
  password: z.string().min(5, 'Too Short!').max(50, 'Too Long!'),
  profile: z.enum(UserEditableProfiles),
  allTicket: z.enum(['enable', 'disable']),
  allowGroup: z.boolean(),
  defaultTheme: z.enum(['light', 'dark']),
  defaultMenu: z.enum(['open', 'closed']),
  startWork: WorkTime,
  endWork: WorkTime,
  farewellMessage: z.string().max(1000).nullable(),
  wpp: z
    .string()
    .trim()
    .regex(/^\+?\d{8,20}$/, 'Invalid number')
    .nullable()
    .or(z.literal('').transform(() => null)),
  whatsappId: ref('connection', optionalRecordId),
  queueIds: ref('queue', z.array(z.number().int().positive()).max(500)),
  language: z.preprocess(blankAsNull, z.enum(Languages).nullable()),
};

/** POST /users: name, email, password and profile are required; the rest take the spec defaults. */
export const UserCreateInput = z.object({
  ...userFields,
  profile: userFields.profile.default('user'),
  allTicket: userFields.allTicket.default('disable'),
  allowGroup: formBoolean(false),
  defaultTheme: userFields.defaultTheme.default('light'),
  defaultMenu: userFields.defaultMenu.default('open'),
  startWork: userFields.startWork.default('00:00'),
  endWork: userFields.endWork.default('23:59'),
  farewellMessage: userFields.farewellMessage.optional(),
  wpp: userFields.wpp.optional(),
  whatsappId: userFields.whatsappId.optional(),
  queueIds: userFields.queueIds.default([]),
  language: userFields.language.optional(),
});
export type UserCreateInput = z.infer<typeof UserCreateInput>;
export type UserCreateForm = z.input<typeof UserCreateInput>;

/** The user modal's fields with no defaults. */
export const UserFields = z.object(userFields);

/** PUT /users/:id: any subset; an empty password means "keep the current one". */
export const UserEditInput = UserFields.partial().extend({
  allowGroup: optionalFormBoolean,
  password: z.union([z.literal('').transform(() => undefined), userFields.password]).optional(),
});
export type UserEditInput = z.infer<typeof UserEditInput>;
export type UserEditFields = UserEditInput;

/** Fields only admins may change (spec 2 §6: user-modal:editProfile, user-modal:editQueues). */
export const AdminOnlyUserFields = [
  'profile',
  'queueIds',
  'whatsappId',
  'startWork',
  'endWork',
  'allTicket',
  'allowGroup',
  'email',
  'wpp',
] as const satisfies readonly (keyof UserEditFields)[];

/** GET /users query. */
export const UserListQuery = listQuery({}, { searchMax: 100, pageMax: 100_000 });
export type UserListQuery = z.infer<typeof UserListQuery>;

/** GET /users page size (the spec does not give one; the contacts list of the same app uses 20). */
export const UsersPageSize = 40;

/** A user as the users screens see it; profileImage is a signed URL path or null. */
export type UserRecord = {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: 'admin' | 'user' | 'supervisor';
  super: boolean;
  online: boolean;
  profileImage: string | null;
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  defaultTheme: 'light' | 'dark';
  defaultMenu: 'open' | 'closed';
  startWork: string;
  endWork: string;
  farewellMessage: string | null;
  wpp: string | null;
  whatsappId: number | null;
  queueIds: number[];
  /** the same queues named (spec 2 §3), in queueIds order; a queue identity has not heard of yet is left out */
  queues: SessionQueue[];
  language: Language | null;
  /** ISO date-time of the last heartbeat */
  lastSeenAt: string | null;
  createdAt: string;
};

/**
 * A record with its queues named (spec 2 §3: `queues` [{ id, name, color }]), as the gateway answers
 * users and connections; `queueIds` stays beside it for the web app.
 */
export type WithQueues<T extends { queueIds: number[] }> = T & { queues: SessionQueue[] };

/** GET /users answer. */
export type UsersPage = { users: UserRecord[]; hasMore: boolean; count: number };

/** GET /users/list item (pickers). */
export type UserListItem = Pick<
  UserRecord,
  'id' | 'name' | 'profile' | 'online' | 'profileImage' | 'queueIds' | 'queues'
>;

/** POST /users/:id/media-upload answer: the updated session user, its profileImage a signed URL. */
export type UserMediaUploadResult = { user: SessionUser };
