import { z } from 'zod';
import { ref, unowned } from '../refs/refs.js';
import { weekdayEnName } from '../http/form-values.js';
import { recordId } from '../http/record-ids.js';

/**
 * On-duty staff (spec 3 §2.17, §3 "On-duty entry", §5, §7 "On-duty staff"; BEHAVIOUR.md §5 step 6
 * "Plantão"). An entry names a user of the company, the phone that gets the WhatsApp alerts, how many
 * minutes apart the alerts of one waiting ticket are (`interval`) and, per weekday, the window the person
 * is on duty ("HH:MM"–"HH:MM", start included, end excluded, in the company time zone).
 *
 * The code calls the concept on-duty everywhere. The spec and existing clients call it `plantao`, and
 * those names stay as they are: the HTTP routes /plantao, the web route /plantao with its i18n
 * namespace and title key `plantao`, the error code ERR_NO_PLANTAO_FOUND, the table campaigns.plantao
 * and the durable consumer campaigns-plantao-staff (stored state of a running installation).
 */

/** The seven weekdays in the order the form shows them (the names of the queue schedules). */
export const OnDutyWeekdays = [
  { weekday: 'Domingo', weekdayEn: 'sunday' },
  { weekday: 'Segunda-feira', weekdayEn: 'monday' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday' },
  { weekday: 'Sábado', weekdayEn: 'saturday' },
] as const;
export type OnDutyWeekdayEn = (typeof OnDutyWeekdays)[number]['weekdayEn'];
const WeekdayEns = OnDutyWeekdays.map((day) => day.weekdayEn) as [
  OnDutyWeekdayEn,
  ...OnDutyWeekdayEn[],
];

/** spec 3 §9: on-duty interval default 1 (minutes). */
export const OnDutyDefaultInterval = 1;
/** A day at most between two alerts of one ticket (the spec sets no bound). */
export const OnDutyMaxInterval = 1440;
export const OnDutyPhoneMinDigits = 8;
export const OnDutyPhoneMaxDigits = 20;

/** The contract's form messages (the web maps them to translation keys). */
export const OnDutyMessages = {
  required: 'Obrigatório',
  invalidPhone: 'Invalid phone',
  invalidTime: 'Invalid time',
  invalidInterval: 'Invalid interval',
  endBeforeStart: 'End before start',
  oneDay: 'At least one day',
  sevenDays: 'Seven weekdays',
} as const;

/** "HH:MM", or "" for a day off; `null` (what the family's form sends for a day off) is "". */
const HourMinute = z.preprocess(
  (v) => (v === null ? '' : v),
  z
    .string()
    .trim()
    .regex(/^(|([01]\d|2[0-3]):[0-5]\d)$/, OnDutyMessages.invalidTime),
);

/** Minutes since midnight of "HH:MM"; null for "" or anything else. */
export const minuteOfDay = (time: string): number | null => {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/** One weekday row: both times or neither; the end after the start. */
export const OnDutyDay = z
  .object({
    weekday: z.string().trim().min(1).max(30),
    weekdayEn: weekdayEnName(30).pipe(z.enum(WeekdayEns)),
    startTime: HourMinute.default(''),
    endTime: HourMinute.default(''),
  })
  .superRefine((day, ctx) => {
    if (day.startTime && !day.endTime) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: OnDutyMessages.required });
    }
    if (day.endTime && !day.startTime) {
      ctx.addIssue({ code: 'custom', path: ['startTime'], message: OnDutyMessages.required });
    }
    const start = minuteOfDay(day.startTime);
    const end = minuteOfDay(day.endTime);
    if (start !== null && end !== null && end <= start) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: OnDutyMessages.endBeforeStart });
    }
  });
export type OnDutyDay = z.infer<typeof OnDutyDay>;

/** A day with a window (both times set). */
export const hasWindow = (day: Pick<OnDutyDay, 'startTime' | 'endTime'>): boolean =>
  minuteOfDay(day.startTime) !== null && minuteOfDay(day.endTime) !== null;

const requiredNumber = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.coerce.number({ error: OnDutyMessages.required }),
);

/**
 * POST /plantao and PUT /plantao/:id body. `days` holds the seven weekdays once each; at least one has
 * both times. The phone keeps its digits only (the alert is sent to them).
 */
export const OnDutyInput = z.object({
  userId: ref('user', requiredNumber.pipe(z.number().int().positive(OnDutyMessages.required))),
  phone: z
    .string({ error: OnDutyMessages.required })
    .trim()
    .min(1, OnDutyMessages.required)
    .regex(/^[\d\s()+.-]+$/, OnDutyMessages.invalidPhone)
    .transform((phone) => phone.replace(/\D/g, ''))
    .pipe(
      z
        .string()
        .min(OnDutyPhoneMinDigits, OnDutyMessages.invalidPhone)
        .max(OnDutyPhoneMaxDigits, OnDutyMessages.invalidPhone),
    ),
  interval: z.preprocess(
    (value) => (value === undefined ? OnDutyDefaultInterval : value),
    requiredNumber.pipe(
      z
        .number()
        .int(OnDutyMessages.invalidInterval)
        .min(1, OnDutyMessages.invalidInterval)
        .max(OnDutyMaxInterval, OnDutyMessages.invalidInterval),
    ),
  ),
  days: z
    .array(OnDutyDay, { error: OnDutyMessages.oneDay })
    .superRefine((days, ctx) => {
      const seen = new Set(days.map((day) => day.weekdayEn));
      if (days.length !== OnDutyWeekdays.length || seen.size !== OnDutyWeekdays.length) {
        ctx.addIssue({ code: 'custom', message: OnDutyMessages.sevenDays });
        return;
      }
      if (!days.some(hasWindow)) ctx.addIssue({ code: 'custom', message: OnDutyMessages.oneDay });
    })
    // stored and answered in the form's order, whatever order they came in
    .transform((days) =>
      [...days].sort((a, b) => WeekdayEns.indexOf(a.weekdayEn) - WeekdayEns.indexOf(b.weekdayEn)),
    ),
});
export type OnDutyInput = z.infer<typeof OnDutyInput>;
export type OnDutyForm = z.input<typeof OnDutyInput>;

/** The seven rows of a new entry's form: no times yet. */
export const emptyOnDutyDays = (): OnDutyDay[] =>
  OnDutyWeekdays.map((day) => ({ ...day, startTime: '', endTime: '' }));

/** An on-duty entry as the API answers it; `user.name` is the user's name when the entry was saved. */
export type OnDutyRecord = {
  id: number;
  userId: number;
  user: { id: number; name: string };
  phone: string;
  interval: number;
  days: OnDutyDay[];
  createdAt: string;
  updatedAt: string;
};

/** Bus request data. */
export type OnDutyIdRequest = { id: number };
export type OnDutyUpdateRequest = OnDutyInput & { id: number };

/**
 * `campaigns.on-duty.on-duty`: the entries of the company whose window of the weekday of `at` (in the
 * company time zone) contains `at`. The tickets service asks it for its on-duty alerts, with the
 * company's own IANA `timeZone` (campaigns falls back to the installation's when it is missing).
 */
export const OnDutyNowRequest = z.object({
  companyId: unowned('a request between services', recordId),
  at: z.coerce.date(),
  timeZone: z.string().trim().max(64).optional(),
});
export type OnDutyNowRequest = { companyId: number; at: string; timeZone?: string };
export type OnDutyNowReply = { entries: OnDutyRecord[] };

/** evt.<cid>.campaigns.on-duty.created|updated */
export type OnDutyEventData = { entry: OnDutyRecord };
/** evt.<cid>.campaigns.on-duty.deleted */
export type OnDutyDeletedEventData = { onDutyId: number };
