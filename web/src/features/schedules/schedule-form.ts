import type { ParseKeys } from 'i18next';
import { formatDateTime } from '../../lib/dates.js';
import { ScheduleCreateInput, ScheduleInput } from '@sb/contracts';

/** The dialog's fields as typed: the send time in the browser's local time (datetime-local). */
export type ScheduleDraft = { body: string; contactId: number | null; sendAt: string };
export type ScheduleFieldErrors = Partial<
  Record<'body' | 'contactId' | 'sendAt', ParseKeys<'schedules'>>
>;

export { defaultSendAt, toLocalInput } from './schedule-time.js';

/** Send times as the list shows them: day and time with seconds, local time, in the user's language (spec 3 §2.8). */
export const formatSendTime = (iso: string, language?: string): string =>
  formatDateTime(iso, language, true);

/** The contract's messages as keys of the schedules namespace. */
const messageKeys: Record<string, ParseKeys<'schedules'>> = {
  Obrigatório: 'required',
  'Mensagem muito curta': 'tooShort',
  'Too Long!': 'tooLong',
  'Must be in the future': 'future',
};

/**
 * The fields that stop a save, as translation keys, checked with the API's own rules (a new schedule
 * must lie in the future; an edit may keep its time).
 */
export const scheduleFormErrors = (draft: ScheduleDraft, isNew: boolean): ScheduleFieldErrors => {
  const schema = isNew ? ScheduleCreateInput : ScheduleInput;
  const sendAt = draft.sendAt ? new Date(draft.sendAt) : undefined;
  const result = schema.safeParse({
    body: draft.body,
    contactId: draft.contactId ?? undefined,
    sendAt: sendAt && !Number.isNaN(sendAt.getTime()) ? sendAt.toISOString() : undefined,
  });
  const errors: ScheduleFieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof ScheduleFieldErrors;
    errors[field] ??= messageKeys[issue.message] ?? 'required';
  }
  return errors;
};
