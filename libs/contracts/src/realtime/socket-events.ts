import { z } from 'zod';
import { unowned } from '../refs/refs.js';
import { recordId } from '../http/record-ids.js';

/**
 * The per-company socket event names (spec 1 §7, spec 3 §7, BEHAVIOUR.md §10). Every one is emitted as
 * `company-<id>-<name>`; the reference's dashless `company<id>-tag|schedule|file` and `importMessages-<id>`
 * are normalised to the same form, since the web app is ours.
 */
export const CompanySocketEventNames = [
  'ticket',
  'appMessage',
  'contact',
  'whatsapp',
  'whatsappSession',
  'presence',
  'queue',
  'user',
  'auth',
  'campaign',
  'campaignReply',
  'chat',
  'queueIntegration',
  'ContactList',
  'ContactListItem',
  'quickmessage',
  'chatbot',
  'help',
  'settings',
  'tag',
  'schedule',
  'file',
  'prompt',
  'importMessages',
  'dashboard',
  // the company's fence went up or came down (a tenant operation): the web app's maintenance screen
  'maintenance',
] as const;
export type CompanySocketEventName = (typeof CompanySocketEventNames)[number];

/** `company-<cid>-<name>`, typed by its name so listeners get the name's payload type. */
export type CompanySocketEvent<N extends CompanySocketEventName = CompanySocketEventName> =
  `company-${number}-${N}`;

export const socketEvent = {
  /** `company-<cid>-<name>` */
  company: <N extends CompanySocketEventName>(companyId: number, name: N): CompanySocketEvent<N> =>
    `company-${companyId}-${name}`,
  /** Platform-wide announcements, sent to every company. */
  announcement: 'company-announcement',
  /** A tenant operation's progress, to super users only. */
  tenantOperation: 'tenant-operation',
  /**
   * Spec 2 §7's global users event: what `company-<id>-user` carries, under the name without a company
   * that clients of the peer servers listen to. Sent to the company's room only, like every event.
   */
  users: 'users',
} as const;

/** Events the web app emits to the gateway. */
export const ClientSocketEvents = {
  joinNotification: 'joinNotification',
  /** with the ticket id */
  joinChatBox: 'joinChatBox',
  /** with a ticket status */
  joinTickets: 'joinTickets',
  /** heartbeat every 5 minutes */
  userStatus: 'userStatus',
  /** with `{ chatId }`: the user is typing in that internal chat */
  chatTyping: 'chatTyping',
} as const;
export type ClientSocketEvent = (typeof ClientSocketEvents)[keyof typeof ClientSocketEvents];

/** How often the web app sends `userStatus` (spec 1 §9). */
export const UserStatusIntervalMs = 300_000;

/** The handshake query of spec 1 §7; it must match the access token (sent in the handshake `auth`). */
// compared with the verified token, not looked up
const tokenChecked = unowned('must equal the access token', recordId);
export const SocketHandshakeQuery = z.object({ companyId: tokenChecked, userId: tokenChecked });
export type SocketHandshakeQuery = z.infer<typeof SocketHandshakeQuery>;

/** The handshake `auth` field: the access token, never trusted from the query alone. */
export type SocketHandshakeAuth = { token: string };

/** `userStatus` payload: the heartbeat says the user is online; `online: false` when leaving. */
export const UserStatusPayload = z.object({ online: z.boolean().default(true) });
export type UserStatusPayload = z.infer<typeof UserStatusPayload>;
