import { z } from 'zod';
import { ref, unowned } from '../refs/refs.js';
import { ChannelKinds } from '../channels/channels.js';
import type { ConnectionRecord } from './connection-records.js';
import { WeekdaySchedule } from '../companies/company-inputs.js';
import { ConnectionSendLimits, ConnectionSendLimitsOff } from './send-limits.js';
import {
  formBoolean,
  numberAsText,
  optionalFormBoolean,
  optionalRecordId,
} from '../http/form-values.js';
import { recordId } from '../http/record-ids.js';

/** A text that may be cleared: blank is null. */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullable()
    .transform((value) => (value && value.trim() ? value : null));
const knob = z.coerce.number().int().min(0).max(1_000_000);
const optionalId = optionalRecordId;
/** a date (YYYY-MM-DD or ISO) or nothing */
const importDate = z
  .string()
  .trim()
  .nullable()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || !Number.isNaN(new Date(value).getTime()), 'invalid date');

/** Cloud API secrets (spec: phoneNumberId, accessToken, businessAccountId); never answered back. */
export const CloudApiCredentialsInput = z.object({
  phoneNumberId: unowned('a Meta Graph id', z.string().trim().min(1).max(120)),
  accessToken: z.string().trim().min(1).max(2000),
  businessAccountId: unowned('a Meta Graph id', z.string().trim().max(120)).optional().default(''),
});
export type CloudApiCredentialsInput = z.infer<typeof CloudApiCredentialsInput>;

/** Facebook page / Instagram account secrets, set by POST /facebook (the page token never answered back). */
export const MetaPageCredentialsInput = z.object({
  pageId: unowned('a Meta Graph id', z.string().trim().min(1).max(120)),
  pageAccessToken: z.string().trim().min(1).max(4000),
  instagramId: unowned('a Meta Graph id', z.string().trim().min(1).max(120)).optional(),
});
export type MetaPageCredentialsInput = z.infer<typeof MetaPageCredentialsInput>;

const channelCredentials = z.union([CloudApiCredentialsInput, MetaPageCredentialsInput]);

/**
 * The rule of every field of the connection form, without any value for a field left out: a create
 * fills the defaults of spec 2 §3 (ConnectionCreateInput), an update changes only the fields it names
 * (ConnectionUpdateInput).
 */
const connectionFields = {
  name: z.string().trim().min(2).max(50),
  isDefault: optionalFormBoolean,
  greetingMessage: text(5000),
  complationMessage: text(5000),
  outOfHoursMessage: text(5000),
  ratingMessage: text(5000),
  token: text(255),
  provider: z.string().trim().max(40),
  maxUseBotQueues: knob,
  timeUseBotQueues: knob,
  expiresTicket: knob,
  expiresTicketNPS: knob,
  /** whose last message the expiresTicket idle time counts from: '0' the contact, '1' the agent */
  whenExpiresTicket: z.preprocess(numberAsText, z.enum(['0', '1'])),
  expiresInactiveMessage: text(5000),
  timeInactiveMessage: knob,
  inactiveMessage: text(5000),
  maxUseBotQueuesNPS: knob,
  timeSendQueue: knob,
  sendIdQueue: ref('queue', optionalId),
  timeCreateNewTicket: knob,
  allowGroup: optionalFormBoolean,
  groupAsTicket: z.enum(['enabled', 'disabled']),
  importOldMessages: importDate,
  importRecentMessages: importDate,
  importOldMessagesGroups: optionalFormBoolean,
  closedTicketsPostImported: optionalFormBoolean,
  integrationId: ref('queueIntegration', optionalId),
  promptId: ref('prompt', optionalId),
  queueIds: ref('queue', z.array(recordId).max(200)),
  schedules: z.array(WeekdaySchedule).max(7),
  sendLimits: ConnectionSendLimits,
};
const field = connectionFields;

/** POST /whatsapp. `credentials` only for the Cloud API (Facebook/Instagram come through POST /facebook). */
export const ConnectionCreateInput = z.object({
  name: field.name,
  isDefault: formBoolean(false),
  greetingMessage: field.greetingMessage.default(null),
  complationMessage: field.complationMessage.default(null),
  outOfHoursMessage: field.outOfHoursMessage.default(null),
  ratingMessage: field.ratingMessage.default(null),
  token: field.token.default(null),
  provider: field.provider.default('beta'),
  maxUseBotQueues: field.maxUseBotQueues.default(3),
  timeUseBotQueues: field.timeUseBotQueues.default(0),
  expiresTicket: field.expiresTicket.default(0),
  expiresTicketNPS: field.expiresTicketNPS.default(0),
  whenExpiresTicket: field.whenExpiresTicket.default('0'),
  expiresInactiveMessage: field.expiresInactiveMessage.default(null),
  timeInactiveMessage: field.timeInactiveMessage.default(0),
  inactiveMessage: field.inactiveMessage.default(null),
  maxUseBotQueuesNPS: field.maxUseBotQueuesNPS.default(3),
  timeSendQueue: field.timeSendQueue.default(0),
  sendIdQueue: field.sendIdQueue.default(null),
  timeCreateNewTicket: field.timeCreateNewTicket.default(0),
  allowGroup: formBoolean(false),
  groupAsTicket: field.groupAsTicket.default('disabled'),
  importOldMessages: field.importOldMessages.default(null),
  importRecentMessages: field.importRecentMessages.default(null),
  importOldMessagesGroups: formBoolean(false),
  closedTicketsPostImported: formBoolean(false),
  integrationId: field.integrationId.default(null),
  promptId: field.promptId.default(null),
  queueIds: field.queueIds.default([]),
  schedules: field.schedules.default([]),
  sendLimits: field.sendLimits.default(ConnectionSendLimitsOff),
  channel: z.enum(ChannelKinds).optional().default('whatsapp'),
  credentials: channelCredentials.optional(),
});
export type ConnectionCreateInput = z.infer<typeof ConnectionCreateInput>;

/**
 * PUT /whatsapp/:id: the fields it names, with the rules of the create form and no defaults; a field
 * left out keeps its stored value. The channel never changes; new Cloud API secrets replace the old.
 */
export const ConnectionUpdateInput = z
  .object({ ...connectionFields, credentials: channelCredentials })
  .partial();
export type ConnectionUpdateInput = z.infer<typeof ConnectionUpdateInput>;

/** GET /whatsapp query: `session=0` leaves the QR code out. */
export const ConnectionListQuery = z.object({
  session: z.coerce.number().int().optional(),
});

/** Bus requests of the connections domain. */
export type ConnectionIdRequest = { id: number; session?: number };
export type ConnectionUpdateRequest = { id: number } & Record<string, unknown>;
export type ConnectionMediaRequest = { id: number; mediaKey: string | null };
/** `tickets.ticket.close-imported`: close the open tickets the connection's history import created. */
export const CloseImportedTicketsInput = z.object({
  // sent by connectors only, after it found the connection in the caller's company
  connectionId: unowned('checked by connectors, its owner', recordId),
});
export type CloseImportedTicketsRequest = z.infer<typeof CloseImportedTicketsInput>;
export type CloseImportedTicketsReply = { closed: number };
/**
 * statusImportMessages (spec 2 §4) is null (no import), the start time in epoch ms (under way), or
 * this: done, with tickets the close-imported-tickets button may close.
 */
export const CloseImportedTicketsStatus = 'renderButtonCloseTickets';
/** How far a history import is: `this` of `all` messages replayed, the last one's date (ISO). */
export type ImportProgress = { this: number; all: number; date?: string };
/**
 * Event `connectors.history-import.progress` (company-<id>-importMessages): `update` while a Baileys
 * history import replays its messages, `refresh` once it is over (the screen reloads the connection).
 */
export type HistoryImportEventData = {
  connectionId: number;
  action: 'update' | 'refresh';
  status?: ImportProgress;
};
/** The gateway removes the replaced file from storage. */
export type ConnectionMediaReply = { record: ConnectionRecord; previousMediaKey: string | null };
/** Event `connectors.session.updated`: the connection's session state (QR, status, retries). */
export type SessionUpdatedEventData = { session: ConnectionRecord };

/** The time-to-queue choices of the connection dialog, in minutes (spec 1 §9, spec 2 §9; 0: never). */
export const TimeToQueueMinutes = [0, 5, 10, 15, 20, 25, 30, 60] as const;
