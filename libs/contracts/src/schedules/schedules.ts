import { z } from 'zod';
import { ref } from '../refs/refs.js';
import type { ErrorCode } from '../errors/error-codes.js';
import {
  ScheduleBodyMax,
  ScheduleBodyMin,
  ScheduleBodyPreviewChars,
  ScheduleClockSkewMs,
  type ScheduleStatus,
} from './schedule-limits.js';
import { recordId } from '../http/record-ids.js';
import { listQuery } from '../http/list-query.js';

/**
 * Scheduled messages (spec 3 §2.8, §3 Schedule; spec 1 §5, §7 "Schedules from a ticket"; BEHAVIOUR.md §6).
 * A schedule is PENDENTE until the campaigns service's sender hands it to tickets: then ENVIADA (sentAt)
 * once the channel took it, or ERRO with the refusal's error code (tickets', or the channel's: the
 * message then stays on the ticket marked not sent, with the same code). Only a PENDENTE schedule may be edited.
 */
export * from './schedule-limits.js';

const optionalId = z.preprocess(
  (value) => (value === '' || value === null || value === 'null' ? undefined : value),
  recordId.optional(),
);

/** An ISO date and time (or a Date); missing or unreadable is "Obrigatório". */
const sendAt = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce.date({ error: 'Obrigatório' }),
);

/**
 * POST /schedules and PUT /schedules/:id body (form fields body, contactId, sendAt). `userId` may be sent
 * (the reference client does) but the owner is always the caller; `ticketId` names the ticket it was
 * scheduled from, kept for reference.
 */
export const ScheduleInput = z.object({
  body: z
    .string({ error: 'Obrigatório' })
    .trim()
    .min(1, 'Obrigatório')
    .min(ScheduleBodyMin, 'Mensagem muito curta')
    .max(ScheduleBodyMax, 'Too Long!'),
  contactId: ref(
    'contact',
    z.coerce.number({ error: 'Obrigatório' }).int().positive('Obrigatório'),
  ),
  sendAt,
  ticketId: ref('ticket', optionalId),
  userId: ref('user', optionalId),
});
export type ScheduleInput = z.infer<typeof ScheduleInput>;
export type ScheduleForm = z.input<typeof ScheduleInput>;

/** Whether a send time is acceptable for a new schedule: in the future (a minute's skew allowed). */
export const isFutureSendAt = (at: Date, now: Date = new Date()): boolean =>
  at.getTime() >= now.getTime() - ScheduleClockSkewMs;

/** POST /schedules: the send time must lie in the future. */
export const ScheduleCreateInput = ScheduleInput.refine((input) => isFutureSendAt(input.sendAt), {
  path: ['sendAt'],
  message: 'Must be in the future',
});

/** GET /schedules query (spec 3 §7). */
export const ScheduleListQuery = listQuery(
  {
    /** GET /schedules?contactId=… narrows to one contact's schedules */
    contactId: ref('contact', optionalId),
  },
  { pageMax: 100_000 },
);
export type ScheduleListQuery = z.infer<typeof ScheduleListQuery>;
export type ScheduleListParams = z.input<typeof ScheduleListQuery>;

/** A schedule as the API answers it. `contact` and `user` are the names when it was saved. */
export type ScheduleRecord = {
  id: number;
  body: string;
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  /** why it was not sent (status ERRO): a catalogue code */
  error: ErrorCode | null;
  contactId: number;
  contact: { id: number; name: string; number: string };
  userId: number;
  user: { id: number; name: string };
  ticketId: number | null;
  createdAt: string;
  updatedAt: string;
};

/** GET /schedules answer. */
export type SchedulesPage = { schedules: ScheduleRecord[]; hasMore: boolean };

/** Bus request data. */
export type ScheduleIdRequest = { id: number };
export type ScheduleUpdateRequest = ScheduleInput & { id: number };

/**
 * `tickets.message.send-to-contact` (the schedule sender's command): the body to the contact through the
 * company's default connection, on the contact's ticket there (found or created). Refusals are catalogue
 * codes: ERR_NO_CONTACT_FOUND, ERR_CONTACT_BLOCKED, ERR_NO_DEF_WAPP_FOUND, ERR_WAPP_NOT_INITIALIZED, …
 */
export const SendToContactCommand = z.object({
  contactId: ref('contact', recordId),
  body: z.string().trim().min(1).max(ScheduleBodyMax),
  /** the user the message is sent as (the schedule's owner) */
  userId: ref('user', recordId),
});
export type SendToContactCommand = z.infer<typeof SendToContactCommand>;
export type SendToContactReply = {
  ticketId: number;
  contactId: number;
  connectionId: number;
  messageIds: string[];
  /** the channel refused the message (stored on the ticket with this code): null when it went out */
  sendError: ErrorCode | null;
};

/** evt.<cid>.campaigns.schedule.created|updated */
export type ScheduleEventData = { schedule: ScheduleRecord };
/** evt.<cid>.campaigns.schedule.deleted */
export type ScheduleDeletedEventData = { scheduleId: number; userId: number };

/**
 * `company-<id>-schedule` (spec 3 §7 real-time). Sent to the whole company, so it carries no body and no
 * contact: an agent may read only their own schedules, and each list refetches what its reader may see.
 */
export type ScheduleSocketPayload = {
  action: 'create' | 'update' | 'delete';
  scheduleId: number;
  userId: number;
  status?: ScheduleStatus;
  /** why it was not sent (status ERRO) */
  error?: ErrorCode | null;
};

/** The list's body column: cut to 25 characters plus an ellipsis (spec 3 §2.8). */
export const scheduleBodyPreview = (body: string): string =>
  body.length > ScheduleBodyPreviewChars ? `${body.slice(0, ScheduleBodyPreviewChars)}...` : body;
