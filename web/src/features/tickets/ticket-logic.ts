import { formatDay, formatTime } from '../../app/dates.js';
import {
  hasPermission,
  type AppMessageSocketPayload,
  type ErrorBody,
  type SessionUser,
  type TicketHolder,
  type MessageRecord,
  type TicketRecord,
  type TicketSocketPayload,
  type TicketStatus,
} from '@sb/contracts';

/** The filter of one ticket list (a tab's status, the queue choice, show-all, unread only). */
export type TicketListFilter = {
  status?: TicketStatus;
  queueIds?: number[];
  showAll?: boolean;
  withUnreadMessages?: boolean;
};

/**
 * Whether an updated ticket belongs in a list (spec 1 §4 Real-time, like the reference's list hook):
 * the tab's status, a queue of the choice or none, and on the open tab only mine unless show-all.
 */
export const fitsList = (
  ticket: TicketRecord,
  filter: TicketListFilter,
  viewerId?: number,
): boolean => {
  if (filter.status && ticket.status !== filter.status) return false;
  if (filter.withUnreadMessages && ticket.unreadMessages === 0) return false;
  if (
    filter.queueIds?.length &&
    ticket.queueId !== null &&
    !filter.queueIds.includes(ticket.queueId)
  )
    return false;
  if (
    filter.status === 'open' &&
    !filter.showAll &&
    viewerId !== undefined &&
    ticket.userId !== null &&
    ticket.userId !== viewerId
  )
    return false;
  return true;
};

/**
 * Applies a `company-<id>-ticket` payload to the rows of one list: an updated ticket with unread
 * messages (or new to a status tab) moves to the top, a ticket that no longer fits is removed,
 * `updateUnread` resets the count, `delete` removes the row. A list without a status (search) only
 * refreshes the rows it has.
 */
export const applyTicketPayload = (
  tickets: TicketRecord[],
  payload: TicketSocketPayload,
  filter: TicketListFilter,
  viewerId?: number,
): TicketRecord[] => {
  if (payload.action === 'delete') return tickets.filter((t) => t.id !== payload.ticketId);
  if (payload.action === 'updateUnread') {
    return tickets.map((t) => (t.id === payload.ticketId ? { ...t, unreadMessages: 0 } : t));
  }
  const { ticket } = payload;
  const rest = tickets.filter((t) => t.id !== ticket.id);
  if (!fitsList(ticket, filter, viewerId)) return rest;
  const known = tickets.findIndex((t) => t.id === ticket.id);
  if (known === -1 && !filter.status) return tickets;
  if (ticket.unreadMessages > 0 || known === -1) return [ticket, ...rest];
  const copy = [...tickets];
  copy[known] = ticket;
  return copy;
};

/**
 * Applies a `company-<id>-appMessage` payload to the open chat's messages: a new message is appended,
 * an update replaces its message, a delete marks it deleted. Other tickets' messages are ignored.
 */
export const applyMessagePayload = (
  messages: MessageRecord[],
  payload: AppMessageSocketPayload,
  ticketId: number,
): MessageRecord[] => {
  if (payload.action === 'delete') {
    if (payload.ticketId !== ticketId) return messages;
    return messages.map((m) => (m.id === payload.messageId ? { ...m, isDeleted: true } : m));
  }
  if (payload.message.ticketId !== ticketId) return messages;
  const index = messages.findIndex((m) => m.id === payload.message.id);
  if (index === -1) return [...messages, payload.message];
  const copy = [...messages];
  copy[index] = payload.message;
  return copy;
};

export type TicketAction = 'accept' | 'transfer' | 'ignore' | 'close' | 'reopen' | 'return';

/** Row action buttons by status (spec 1 §2 Ticket workspace). */
export const actionsForStatus = (status: TicketStatus): TicketAction[] => {
  if (status === 'pending') return ['accept', 'transfer', 'ignore', 'return'];
  if (status === 'open') return ['transfer', 'close', 'return'];
  if (status === 'group') return ['transfer', 'close'];
  if (status === 'closed') return ['reopen'];
  return [];
};

const dayKey = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
};

export type MessageListItem =
  | { kind: 'separator'; key: string; date: string; today: boolean }
  | { kind: 'message'; key: string; message: MessageRecord };

/** Messages (oldest first) with a date separator before the first message of each day. */
export const withDateSeparators = (
  messages: MessageRecord[],
  now: Date = new Date(),
): MessageListItem[] => {
  const items: MessageListItem[] = [];
  let previous: string | null = null;
  const todayKey = dayKey(now.toISOString());
  for (const message of messages) {
    const key = dayKey(message.createdAt);
    if (key !== previous) {
      items.push({
        kind: 'separator',
        key: `sep-${key}`,
        date: message.createdAt,
        today: key === todayKey,
      });
      previous = key;
    }
    items.push({ kind: 'message', key: message.id, message });
  }
  return items;
};

export const AudioRates = [0.5, 1, 1.5, 2] as const;
export const AudioRateStorageKey = 'audioMessageRate';

/** The next playback rate: 0.5 → 1 → 1.5 → 2 → 0.5. */
export const nextAudioRate = (rate: number): number => {
  const index = AudioRates.findIndex((r) => r === rate);
  return AudioRates[(index + 1) % AudioRates.length] ?? 1;
};

export const storedAudioRate = (): number => {
  const value = Number(localStorage.getItem(AudioRateStorageKey));
  return (AudioRates as readonly number[]).includes(value) ? value : 1;
};

/** Quick replies offered while the composer text starts with "/": shortcodes containing the rest. */
export const filterQuickReplies = <T extends { shortcode: string }>(
  text: string,
  replies: T[],
): T[] => {
  if (!text.startsWith('/')) return [];
  const term = text.slice(1).toLowerCase();
  return replies.filter((r) => r.shortcode.toLowerCase().includes(term));
};

/**
 * What the composer sends: the trimmed text (null when empty, which is never sent) and whether the
 * server adds the `*Name:*` signature (contract `signMessage`; never on private notes).
 */
export const composeBody = (
  text: string,
  opts: { sign: boolean; isPrivate: boolean },
): { body: string; signMessage: boolean } | null => {
  const body = text.trim();
  if (!body) return null;
  return { body, signMessage: opts.sign && !opts.isPrivate };
};

/** Whether the composer accepts input: only open and group tickets (spec 1 §5). */
export const canCompose = (status: TicketStatus): boolean =>
  status === 'open' || status === 'group';

/** Quick reply label: the message cut at 35 characters (spec 1 §9). */
export const quickReplyLabel = (message: string): string =>
  message.length > 35 ? `${message.slice(0, 35)}...` : message;

/**
 * Whether a ticket update should ring (spec 1 §4 Notifications): unassigned or mine, its queue one of
 * mine or none; pending ones only for users with allTicket enabled.
 */
export const shouldNotify = (
  ticket: TicketRecord,
  user: { id: number; allTicket: 'enable' | 'disable'; queues: { id: number }[] },
): boolean => {
  if (ticket.userId !== null && ticket.userId !== user.id) return false;
  if (ticket.queueId !== null && !user.queues.some((q) => q.id === ticket.queueId)) return false;
  if (ticket.status === 'pending' && user.allTicket !== 'enable') return false;
  return true;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A day as the workspace shows dates: in the user's language (dd/MM/yyyy in pt-BR, spec 1 §9). */
export const dayLabel = (iso: string, language?: string): string => formatDay(iso, language);

/** Row time: the clock today, else the day, both in the user's language. */
export const rowTime = (iso: string, now: Date = new Date(), language?: string): string =>
  dayKey(iso) === dayKey(now.toISOString()) ? formatTime(iso, language) : dayLabel(iso, language);

/**
 * A contact number as the workspace shows it (spec 1 §5): 13 digits as +55 (11) 99999-9999, 12 digits
 * as +55 (11) 9999-9999; anything else (a masked lgpd number, a group id, another length) as the API
 * answered it.
 */
export const displayNumber = (number: string): string => {
  const match =
    /^(\d{2})(\d{2})(\d{5})(\d{4})$/.exec(number) ?? /^(\d{2})(\d{2})(\d{4})(\d{4})$/.exec(number);
  if (!match) return number;
  const [, country, area, first, last] = match;
  return `+${country} (${area}) ${first}-${last}`;
};

/** The error code of a failed call (an RTK Query error whose answer names one), else undefined. */
export const errorCodeOf = (error: unknown): string | undefined => {
  const data =
    error && typeof error === 'object' && 'data' in error
      ? (error as { data: unknown }).data
      : undefined;
  return data && typeof data === 'object' && typeof (data as ErrorBody).error === 'string'
    ? (data as ErrorBody).error
    : undefined;
};

/** Closing refused because requiredTag is on and the contact has no tag (spec 1 §4): a warning. */
export const isTagRequiredError = (error: unknown): boolean =>
  errorCodeOf(error) === 'ERR_TICKET_TAG_REQUIRED';

export const MinAudioBytes = 10_000;

/** Audio recordings under 10,000 bytes are discarded, never sent (spec 1 §5). */
export const keepsRecording = (size: number): boolean => size >= MinAudioBytes;

export type SpeedDialAction = 'newTicket' | 'closeAll';

/** The list's speed dial: new ticket for everyone, close all with tickets-manager:closeAll. */
export const speedDialActions = (user: { profile: SessionUser['profile'] }): SpeedDialAction[] =>
  hasPermission(user, 'tickets-manager:closeAll') ? ['newTicket', 'closeAll'] : ['newTicket'];

/** A schedule's message needs 5 characters (spec 1 §5). */
export const MinScheduleBody = 5;

/** The default send time of a new schedule, as a datetime-local value: one hour from now. */
export const defaultSendAt = (now: Date = new Date()): string => {
  const d = new Date(now.getTime() + 60 * 60 * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The schedule form's errors (keys of the tickets namespace), empty when it may be sent. */
export const scheduleErrors = (values: {
  body: string;
  sendAt: string;
}): Partial<Record<'body' | 'sendAt', 'schedule.tooShort' | 'schedule.required'>> => {
  const errors: Partial<Record<'body' | 'sendAt', 'schedule.tooShort' | 'schedule.required'>> = {};
  if (!values.body.trim()) errors.body = 'schedule.required';
  else if (values.body.trim().length < MinScheduleBody) errors.body = 'schedule.tooShort';
  if (!values.sendAt || Number.isNaN(new Date(values.sendAt).getTime()))
    errors.sendAt = 'schedule.required';
  return errors;
};

/** The ticket log, oldest first (the timeline reads top to bottom). */
export const logTimeline = <T extends { createdAt: string; id: number }>(entries: T[]): T[] =>
  [...entries].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);

/** Last message as a row shows it: Location / Contact markers, else cut at 40 characters. */
export const lastMessagePreview = (
  text: string,
): { kind: 'location' | 'contact' | 'text'; text: string } => {
  if (text.includes('data:image/png;base64')) return { kind: 'location', text: '' };
  if (text.includes('BEGIN:VCARD')) return { kind: 'contact', text: '' };
  return { kind: 'text', text: text.length > 40 ? `${text.slice(0, 40)}...` : text };
};

/** The holder named by an ERR_OTHER_OPEN_TICKET answer (its `details`), or null for other errors. */
export const openTicketHolder = (error: unknown): TicketHolder | null => {
  const data =
    error && typeof error === 'object' && 'data' in error
      ? (error as { data: unknown }).data
      : undefined;
  if (!data || typeof data !== 'object') return null;
  const body = data as Partial<ErrorBody>;
  if (body.error !== 'ERR_OTHER_OPEN_TICKET' || !body.details || typeof body.details !== 'object')
    return null;
  const holder = body.details as Partial<TicketHolder>;
  return typeof holder.id === 'number' && typeof holder.uuid === 'string'
    ? (holder as TicketHolder)
    : null;
};

/**
 * The bell's list of tickets with unread messages after a socket event (spec 1 §2 bell, §4
 * Notifications): a contact's new message on a ticket I may be told about puts it on top and asks for
 * the alert (`ring`), a read or deleted ticket leaves.
 */
export const applyNotification = (
  tickets: TicketRecord[],
  event:
    | { kind: 'ticket'; payload: TicketSocketPayload }
    | { kind: 'message'; payload: AppMessageSocketPayload },
  user: Parameters<typeof shouldNotify>[1],
): { tickets: TicketRecord[]; ring: TicketRecord | null } => {
  if (event.kind === 'ticket') {
    const { payload } = event;
    if (payload.action === 'update') {
      const known = tickets.some((t) => t.id === payload.ticket.id);
      if (!known) return { tickets, ring: null };
      const keep = payload.ticket.unreadMessages > 0 && shouldNotify(payload.ticket, user);
      return {
        tickets: keep
          ? tickets.map((t) => (t.id === payload.ticket.id ? payload.ticket : t))
          : tickets.filter((t) => t.id !== payload.ticket.id),
        ring: null,
      };
    }
    return { tickets: tickets.filter((t) => t.id !== payload.ticketId), ring: null };
  }
  const { payload } = event;
  if (payload.action !== 'create' || payload.message.fromMe || payload.message.isPrivate)
    return { tickets, ring: null };
  if (!shouldNotify(payload.ticket, user)) return { tickets, ring: null };
  return {
    tickets: [payload.ticket, ...tickets.filter((t) => t.id !== payload.ticket.id)],
    ring: payload.ticket,
  };
};

/**
 * What the accept/reopen queue choice offers (spec 1 §4, without dead ends): `pick` from the caller's
 * queues (every queue of the company for an admin), `none` when the company has no queue yet (the
 * ticket is accepted without one), `notMember` when a user is in no queue of a company that has some.
 * `companyQueues` is undefined until the company's list has loaded.
 */
export type QueueChoice =
  | { kind: 'pick'; options: { id: number; name: string }[] }
  | { kind: 'none' }
  | { kind: 'notMember' };

export const queueChoice = (
  admin: boolean,
  myQueues: { id: number; name: string }[],
  companyQueues: { id: number; name: string }[] | undefined,
): QueueChoice => {
  if (companyQueues && companyQueues.length === 0) return { kind: 'none' };
  const options = admin && companyQueues ? companyQueues : myQueues;
  if (options.length) return { kind: 'pick', options };
  // still loading: an admin will get the company's list, a user may learn the company has none
  if (!companyQueues) return { kind: 'pick', options: [] };
  return { kind: 'notMember' };
};
