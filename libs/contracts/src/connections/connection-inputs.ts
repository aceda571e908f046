import { z } from 'zod';
import { ChannelKinds, type ConnectionRecord } from '../channels/index.js';
import { WeekdaySchedule } from '../companies/company-inputs.js';

const text = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((value) => (value && value.trim() ? value : null));
const knob = z.coerce.number().int().min(0).max(1_000_000);
const optionalId = z.coerce
  .number()
  .int()
  .positive()
  .nullish()
  .transform((value) => value ?? null);
/** a date (YYYY-MM-DD or ISO) or nothing */
const importDate = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || !Number.isNaN(new Date(value).getTime()), 'invalid date');

/** Cloud API secrets (spec: phoneNumberId, accessToken, businessAccountId); never answered back. */
export const CloudApiCredentialsInput = z.object({
  phoneNumberId: z.string().trim().min(1).max(120),
  accessToken: z.string().trim().min(1).max(2000),
  businessAccountId: z.string().trim().max(120).optional().default(''),
});
export type CloudApiCredentialsInput = z.infer<typeof CloudApiCredentialsInput>;

/** Facebook page / Instagram account secrets, set by POST /facebook (the page token never answered back). */
export const MetaPageCredentialsInput = z.object({
  pageId: z.string().trim().min(1).max(120),
  pageAccessToken: z.string().trim().min(1).max(4000),
  instagramId: z.string().trim().min(1).max(120).optional(),
});
export type MetaPageCredentialsInput = z.infer<typeof MetaPageCredentialsInput>;

const channelCredentials = z.union([CloudApiCredentialsInput, MetaPageCredentialsInput]);

const connectionFields = {
  name: z.string().trim().min(2).max(50),
  isDefault: z.boolean().optional().default(false),
  greetingMessage: text(5000),
  complationMessage: text(5000),
  outOfHoursMessage: text(5000),
  ratingMessage: text(5000),
  token: text(255),
  provider: z.string().trim().max(40).optional().default('beta'),
  maxUseBotQueues: knob.optional().default(3),
  timeUseBotQueues: knob.optional().default(0),
  expiresTicket: knob.optional().default(0),
  expiresTicketNPS: knob.optional().default(0),
  whenExpiresTicket: z.enum(['0', '1']).optional().default('0'),
  expiresInactiveMessage: text(5000),
  timeInactiveMessage: knob.optional().default(0),
  inactiveMessage: text(5000),
  maxUseBotQueuesNPS: knob.optional().default(3),
  timeSendQueue: knob.optional().default(0),
  sendIdQueue: optionalId,
  timeCreateNewTicket: knob.optional().default(0),
  allowGroup: z.boolean().optional().default(false),
  groupAsTicket: z.enum(['enabled', 'disabled']).optional().default('disabled'),
  importOldMessages: importDate,
  importRecentMessages: importDate,
  importOldMessagesGroups: z.boolean().optional().default(false),
  closedTicketsPostImported: z.boolean().optional().default(false),
  integrationId: optionalId,
  promptId: optionalId,
  queueIds: z.array(z.coerce.number().int().positive()).max(200).optional().default([]),
  schedules: z.array(WeekdaySchedule).max(7).optional().default([]),
};

/** POST /whatsapp. `credentials` only for the Cloud API (Facebook/Instagram come through POST /facebook). */
export const ConnectionCreateInput = z.object({
  ...connectionFields,
  channel: z.enum(ChannelKinds).optional().default('whatsapp'),
  credentials: channelCredentials.optional(),
});
export type ConnectionCreateInput = z.infer<typeof ConnectionCreateInput>;

/** PUT /whatsapp/:id: the same form; the channel never changes, new Cloud API secrets replace the old. */
export const ConnectionUpdateInput = z.object({
  ...connectionFields,
  credentials: channelCredentials.optional(),
});
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
export type CloseImportedTicketsRequest = { connectionId: number };
export type CloseImportedTicketsReply = { closed: number };
/** The gateway removes the replaced file from storage. */
export type ConnectionMediaReply = { record: ConnectionRecord; previousMediaKey: string | null };
/** Event `connectors.session.updated`: the connection's session state (QR, status, retries). */
export type SessionUpdatedEventData = { session: ConnectionRecord };
