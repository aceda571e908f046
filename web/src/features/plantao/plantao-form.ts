import {
  emptyPlantaoDays,
  hasWindow,
  PlantaoDefaultInterval,
  PlantaoInput,
  PlantaoMessages,
  type PlantaoDay,
  type PlantaoForm,
  type PlantaoRecord,
} from '@sb/contracts';

/** The modal's fields as typed. */
export type PlantaoDraft = {
  userId: string;
  phone: string;
  interval: string;
  days: PlantaoDay[];
};

/** Field → translation key of the plantao namespace ("days.1.endTime", "days", "phone", …). */
export type PlantaoFieldErrors = Record<string, string>;

export const draftOf = (record: PlantaoRecord | null): PlantaoDraft => ({
  userId: record ? String(record.userId) : '',
  phone: record?.phone ?? '',
  interval: String(record?.interval ?? PlantaoDefaultInterval),
  // the stored rows by weekday, the missing ones empty
  days: emptyPlantaoDays().map(
    (empty) => record?.days.find((day) => day.weekdayEn === empty.weekdayEn) ?? empty,
  ),
});

/** The contract's messages as keys of the plantao namespace. */
const messageKeys: Record<string, string> = {
  [PlantaoMessages.required]: 'required',
  [PlantaoMessages.invalidPhone]: 'invalidPhone',
  [PlantaoMessages.invalidInterval]: 'invalidInterval',
  [PlantaoMessages.invalidTime]: 'invalidTime',
  [PlantaoMessages.endBeforeStart]: 'endBeforeStart',
  [PlantaoMessages.oneDay]: 'oneDay',
  [PlantaoMessages.sevenDays]: 'oneDay',
};

export const bodyOf = (draft: PlantaoDraft): PlantaoForm => ({
  userId: draft.userId === '' ? '' : Number(draft.userId),
  phone: draft.phone,
  interval: draft.interval.trim() === '' ? '' : Number(draft.interval),
  days: draft.days,
});

/** The fields that stop a save, checked with the API's own rules (spec 3 §5). */
export const plantaoFormErrors = (draft: PlantaoDraft): PlantaoFieldErrors => {
  const result = PlantaoInput.safeParse(bodyOf(draft));
  const errors: PlantaoFieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    errors[issue.path.join('.')] ??= messageKeys[issue.message] ?? 'required';
  }
  return errors;
};

/** The days the hours column shows: those with both times. */
export const windowsOf = (days: readonly PlantaoDay[]): PlantaoDay[] => days.filter(hasWindow);
