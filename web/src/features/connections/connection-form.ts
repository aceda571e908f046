import {
  DefaultQueueSchedules,
  type ConnectionCreateInput,
  type ConnectionRecord,
  ConnectionSendLimitsOff,
  type ConnectionSendLimits,
  type QueueSchedule,
} from '@sb/contracts';
import { localDayOf } from '../../lib/dates.js';

/*
 * The connection dialog's form without its view: the draft and how a record fills it, the tabs and
 * which field each holds, the import-date rule and how a refused save maps to tabs and fields.
 */

export const DayMs = 24 * 60 * 60 * 1000;
/** yyyy-mm-dd of a date on the user's calendar (the value of a date input; today is their today). */
export const dayOf = localDayOf;

/**
 * Spec 2 §5: old-message import dates lie between 2 years ago and now, and the recent date cannot
 * precede the old one. Answers the field in error, or null.
 */
export const importWindowError = (
  importOldMessages: string,
  importRecentMessages: string,
  now = new Date(),
): 'importOldMessages' | 'importRecentMessages' | null => {
  const earliest = dayOf(new Date(now.getTime() - 730 * DayMs));
  const today = dayOf(now);
  const outside = (day: string) => !!day && (day < earliest || day > today);
  if (outside(importOldMessages)) return 'importOldMessages';
  if (outside(importRecentMessages)) return 'importRecentMessages';
  if (importOldMessages && importRecentMessages && importRecentMessages < importOldMessages)
    return 'importRecentMessages';
  return null;
};

export type Draft = {
  name: string;
  isDefault: boolean;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  maxUseBotQueues: number;
  timeUseBotQueues: number;
  expiresTicket: number;
  whenExpiresTicket: '0' | '1';
  timeSendQueue: number;
  sendIdQueue: number | null;
  timeInactiveMessage: number;
  inactiveMessage: string;
  expiresInactiveMessage: string;
  timeCreateNewTicket: number;
  maxUseBotQueuesNPS: number;
  expiresTicketNPS: number;
  allowGroup: boolean;
  groupAsTicket: 'enabled' | 'disabled';
  queueIds: number[];
  token: string;
  phoneNumberId: string;
  accessToken: string;
  businessAccountId: string;
  schedules: QueueSchedule[];
  sendLimits: ConnectionSendLimits;
  importOldMessages: string;
  importRecentMessages: string;
  importOldMessagesGroups: boolean;
  closedTicketsPostImported: boolean;
  integrationId: number | null;
  promptId: number | null;
};

export const MessageFields = ['greetingMessage', 'complationMessage', 'outOfHoursMessage'] as const;
/** The number fields of the form: whole numbers from 0 to the contract's maximum. */
export type NumberKey =
  | 'maxUseBotQueues'
  | 'timeUseBotQueues'
  | 'timeSendQueue'
  | 'expiresTicket'
  | 'timeInactiveMessage'
  | 'timeCreateNewTicket'
  | 'maxUseBotQueuesNPS'
  | 'expiresTicketNPS';
export const NumberMax = 1_000_000;
/** The dialog's own field errors (name, import dates) and those of a refused save, by field. */
export type FieldErrors = Partial<Record<keyof ConnectionCreateInput, string>>;

/**
 * The tabs of the dialog, in the order of spec 2 §2 (schedules only for a per-connection schedule),
 * then the campaign limits of the number while campaigns are shown.
 */
export const ConnectionTabs = [
  'general',
  'integrations',
  'messages',
  'chatbot',
  'assessments',
  'schedules',
  'campaigns',
] as const;
export type ConnectionTab = (typeof ConnectionTabs)[number];

/**
 * The tab of every field of the connection contract, so that a refused save shows the field at fault.
 * Fields the form does not edit (channel, provider) map to the tab the spec puts them in; the form never
 * sends them, so an update keeps their stored values.
 */
export const FieldTabs: Record<keyof ConnectionCreateInput, ConnectionTab> = {
  name: 'general',
  channel: 'general',
  provider: 'general',
  isDefault: 'general',
  credentials: 'general',
  token: 'general',
  allowGroup: 'general',
  groupAsTicket: 'general',
  queueIds: 'general',
  importOldMessages: 'general',
  importRecentMessages: 'general',
  importOldMessagesGroups: 'general',
  closedTicketsPostImported: 'general',
  integrationId: 'integrations',
  promptId: 'integrations',
  greetingMessage: 'messages',
  complationMessage: 'messages',
  outOfHoursMessage: 'messages',
  maxUseBotQueues: 'chatbot',
  timeUseBotQueues: 'chatbot',
  timeSendQueue: 'chatbot',
  sendIdQueue: 'chatbot',
  expiresTicket: 'chatbot',
  whenExpiresTicket: 'chatbot',
  timeInactiveMessage: 'chatbot',
  inactiveMessage: 'chatbot',
  expiresInactiveMessage: 'chatbot',
  timeCreateNewTicket: 'chatbot',
  ratingMessage: 'assessments',
  maxUseBotQueuesNPS: 'assessments',
  expiresTicketNPS: 'assessments',
  schedules: 'schedules',
  sendLimits: 'campaigns',
};

/**
 * The tab holding the field a failed save names: the first of the `fields` of an ERR_VALIDATION
 * answer (dotted paths, e.g. `credentials.accessToken`), or the greeting of ERR_WAPP_GREETING_REQUIRED.
 */
export const failedTabOf = (error: unknown): ConnectionTab | null => {
  const data =
    error && typeof error === 'object' && 'data' in error
      ? (error as { data: unknown }).data
      : null;
  if (!data || typeof data !== 'object') return null;
  if ('error' in data && data.error === 'ERR_WAPP_GREETING_REQUIRED') return 'messages';
  const fields =
    'fields' in data && data.fields && typeof data.fields === 'object' ? data.fields : {};
  for (const path of Object.keys(fields)) {
    const tab = FieldTabs[path.split('.')[0] as keyof ConnectionCreateInput];
    if (tab) return tab;
  }
  return null;
};

/**
 * The message under each field a refused save names: the first message of each top-level field of an
 * ERR_VALIDATION answer (`credentials.accessToken` shows under credentials), the greeting for
 * ERR_WAPP_GREETING_REQUIRED.
 */
export const fieldErrorsOf = (error: unknown, greetingRequired: string): FieldErrors => {
  const data =
    error && typeof error === 'object' && 'data' in error
      ? (error as { data: unknown }).data
      : null;
  if (!data || typeof data !== 'object') return {};
  if ('error' in data && data.error === 'ERR_WAPP_GREETING_REQUIRED') {
    return { greetingMessage: greetingRequired };
  }
  const fields =
    'fields' in data && data.fields && typeof data.fields === 'object'
      ? (data.fields as Record<string, unknown>)
      : {};
  const errors: FieldErrors = {};
  for (const [path, messages] of Object.entries(fields)) {
    const key = path.split('.')[0] as keyof ConnectionCreateInput;
    const message = Array.isArray(messages) ? messages[0] : messages;
    if (key in FieldTabs && !errors[key] && typeof message === 'string') errors[key] = message;
  }
  return errors;
};

/** A random token for the external messages API (32 hex characters). */
export const newApiToken = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

export const draftOf = (c: ConnectionRecord | null): Draft => ({
  name: c?.name ?? '',
  isDefault: c?.isDefault ?? false,
  greetingMessage: c?.greetingMessage ?? '',
  complationMessage: c?.complationMessage ?? '',
  outOfHoursMessage: c?.outOfHoursMessage ?? '',
  ratingMessage: c?.ratingMessage ?? '',
  maxUseBotQueues: c?.maxUseBotQueues ?? 3,
  timeUseBotQueues: c?.timeUseBotQueues ?? 0,
  expiresTicket: c?.expiresTicket ?? 0,
  whenExpiresTicket: c?.whenExpiresTicket ?? '0',
  timeSendQueue: c?.timeSendQueue ?? 0,
  sendIdQueue: c?.sendIdQueue ?? null,
  timeInactiveMessage: c?.timeInactiveMessage ?? 0,
  inactiveMessage: c?.inactiveMessage ?? '',
  expiresInactiveMessage: c?.expiresInactiveMessage ?? '',
  timeCreateNewTicket: c?.timeCreateNewTicket ?? 0,
  maxUseBotQueuesNPS: c?.maxUseBotQueuesNPS ?? 3,
  expiresTicketNPS: c?.expiresTicketNPS ?? 0,
  allowGroup: c?.allowGroup ?? false,
  groupAsTicket: c?.groupAsTicket ?? 'disabled',
  queueIds: c?.queueIds ?? [],
  token: c?.token ?? '',
  // the saved ids come back; the access token never does (blank keeps it)
  phoneNumberId: c?.cloudApi?.phoneNumberId ?? '',
  accessToken: '',
  businessAccountId: c?.cloudApi?.businessAccountId ?? '',
  schedules: c?.schedules.length ? c.schedules : DefaultQueueSchedules,
  sendLimits: c?.sendLimits ?? ConnectionSendLimitsOff,
  importOldMessages: c?.importOldMessages?.slice(0, 10) ?? '',
  importRecentMessages: c?.importRecentMessages?.slice(0, 10) ?? '',
  importOldMessagesGroups: c?.importOldMessagesGroups ?? false,
  closedTicketsPostImported: c?.closedTicketsPostImported ?? false,
  integrationId: c?.integrationId ?? null,
  promptId: c?.promptId ?? null,
});
