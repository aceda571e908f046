import type { ParseKeys } from 'i18next';
import {
  emptyOnDutyDays,
  hasWindow,
  OnDutyDefaultInterval,
  OnDutyInput,
  OnDutyMessages,
  type OnDutyDay,
  type OnDutyForm,
  type OnDutyRecord,
} from '@sb/contracts';

/** The modal's fields as typed. */
export type OnDutyDraft = {
  userId: string;
  phone: string;
  interval: string;
  days: OnDutyDay[];
};

/** Field → translation key of the plantao namespace ("days.1.endTime", "days", "phone", …). */
export type OnDutyFieldErrors = Record<string, ParseKeys<'plantao'>>;

export const draftOf = (record: OnDutyRecord | null): OnDutyDraft => ({
  userId: record ? String(record.userId) : '',
  phone: record?.phone ?? '',
  interval: String(record?.interval ?? OnDutyDefaultInterval),
  // the stored rows by weekday, the missing ones empty
  days: emptyOnDutyDays().map(
    (empty) => record?.days.find((day) => day.weekdayEn === empty.weekdayEn) ?? empty,
  ),
});

/** The contract's messages as keys of the plantao namespace. */
const messageKeys: Record<string, ParseKeys<'plantao'>> = {
  [OnDutyMessages.required]: 'required',
  [OnDutyMessages.invalidPhone]: 'invalidPhone',
  [OnDutyMessages.invalidInterval]: 'invalidInterval',
  [OnDutyMessages.invalidTime]: 'invalidTime',
  [OnDutyMessages.endBeforeStart]: 'endBeforeStart',
  [OnDutyMessages.oneDay]: 'oneDay',
  [OnDutyMessages.sevenDays]: 'oneDay',
};

export const bodyOf = (draft: OnDutyDraft): OnDutyForm => ({
  userId: draft.userId === '' ? '' : Number(draft.userId),
  phone: draft.phone,
  interval: draft.interval.trim() === '' ? '' : Number(draft.interval),
  days: draft.days,
});

/** The fields that stop a save, checked with the API's own rules (spec 3 §5). */
export const onDutyFormErrors = (draft: OnDutyDraft): OnDutyFieldErrors => {
  const result = OnDutyInput.safeParse(bodyOf(draft));
  const errors: OnDutyFieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    errors[issue.path.join('.')] ??= messageKeys[issue.message] ?? 'required';
  }
  return errors;
};

/** The days the hours column shows: those with both times. */
export const windowsOf = (days: readonly OnDutyDay[]): OnDutyDay[] => days.filter(hasWindow);
