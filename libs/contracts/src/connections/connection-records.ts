import type { WeekdaySchedule } from '../companies/company-inputs.js';
import type { ChannelKind } from '../channels/channels.js';
import type { ConnectionSendLimits } from './send-limits.js';

/** Connection statuses (spec 2 §4). */
export const ConnectionStatuses = [
  'qrcode',
  'PAIRING',
  'OPENING',
  'CONNECTED',
  'DISCONNECTED',
  'TIMEOUT',
] as const;
export type ConnectionStatus = (typeof ConnectionStatuses)[number];

/**
 * A connection ("whatsapp" entity, spec 2 §3) as the connectors service publishes it: the HTTP answers and
 * the events `evt.<cid>.connectors.connection.created|updated|deleted` carry it (`{ connection }`; deleted
 * carries `{ connectionId }`). The tickets service keeps a replica of what its bot engine and lists need.
 * Secrets (Cloud API access token, page tokens, Baileys auth state) are never part of it.
 */
export type ConnectionRecord = {
  id: number;
  companyId: number;
  name: string;
  number: string | null;
  channel: ChannelKind;
  status: ConnectionStatus;
  isDefault: boolean;
  qrcode: string | null;
  retries: number;
  updatedAt: string;
  token: string | null;
  greetingMessage: string | null;
  complationMessage: string | null;
  outOfHoursMessage: string | null;
  ratingMessage: string | null;
  provider: string;
  maxUseBotQueues: number;
  timeUseBotQueues: number;
  expiresTicket: number;
  expiresTicketNPS: number;
  whenExpiresTicket: '0' | '1';
  expiresInactiveMessage: string | null;
  timeInactiveMessage: number;
  inactiveMessage: string | null;
  maxUseBotQueuesNPS: number;
  timeSendQueue: number;
  sendIdQueue: number | null;
  timeCreateNewTicket: number;
  allowGroup: boolean;
  groupAsTicket: 'enabled' | 'disabled';
  greetingMediaAttachment: string | null;
  importOldMessages: string | null;
  importRecentMessages: string | null;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  statusImportMessages: string | null;
  integrationId: number | null;
  promptId: number | null;
  queueIds: number[];
  schedules: WeekdaySchedule[];
  /** campaigns' send window, daily cap and warm-up on this connection */
  sendLimits: ConnectionSendLimits;
  /** a Cloud API connection's saved ids, for its edit dialog (the access token is never answered) */
  cloudApi: CloudApiIds | null;
};

export type CloudApiIds = { phoneNumberId: string; businessAccountId: string };

export type ConnectionEventData = { connection: ConnectionRecord };
export type ConnectionDeletedEventData = { connectionId: number };

/**
 * Who may read a connection's external-API token (issue 16): the company's admins and super users.
 * Plain users get the record with `token: null`, over HTTP and on the sockets.
 */
export const mayReadConnectionToken = (caller: { profile: string; super: boolean }): boolean =>
  caller.profile === 'admin' || caller.super;

/** A connection record for a caller who may not read its token. */
export const withoutConnectionToken = (record: ConnectionRecord): ConnectionRecord => ({
  ...record,
  token: null,
});
