import { z } from 'zod';
import { recordId } from './record-ids.js';

/**
 * How the forms of this product family's front ends write "nothing" and numbers, read the same way for
 * every field that takes them: a select left on its "none" entry sends `''`, `0`, `false` or `null`;
 * numeric fields come as numbers where the contract keeps text (`whenExpiresTicket: 0`); a boolean
 * never touched is `null`; weekdays are capitalised (`"Monday"`). Each helper turns those into the one
 * value the contract stores, so such a form is accepted rather than answered 400.
 */

/** `''`, `0`, `'0'`, `false` and `null` mean "no id". */
export const isNoId = (value: unknown): boolean =>
  value === '' || value === 0 || value === '0' || value === false || value === null;

/** An optional id of another record: a number or numeric text; every "no id" form is null. */
export const optionalRecordId = z.preprocess(
  (value) => (isNoId(value) ? null : value),
  recordId.nullish().transform((value) => value ?? null),
);

/** A boolean a form may leave out or `null` (never touched): both count as the field's default. */
export const formBoolean = (fallback: boolean) =>
  z.preprocess((value) => value ?? fallback, z.boolean());

/** A boolean that may be left out, where `null` means "left out" (no change). */
export const optionalFormBoolean = z.preprocess(
  (value) => (value === null ? undefined : value),
  z.boolean().optional(),
);

/** Text the contract keeps as text that a form may send as a number (`0` → `'0'`). */
export const numberAsText = (value: unknown): unknown =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : value;

/** `''` for "none" (a cleared select) becomes null. */
export const blankAsNull = (value: unknown): unknown => (value === '' ? null : value);

/** An English weekday name as stored (`monday`): `"Monday"` and `" MONDAY "` are read the same. */
export const weekdayEnName = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .transform((value) => value.toLowerCase());

/**
 * `YYYY-MM-DD` naming a day of the calendar: `2026-02-30` or `2026-13-45` pass a pattern but make
 * PostgreSQL fail, so query dates are checked with this before they reach a service's SQL.
 */
export const isCalendarDay = (text: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/** JSON text that may not parse: the value as parsed, else the text as is (a schema then refuses it). */
export const parseJsonOrKeep = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** A day in a query: `YYYY-MM-DD`, or a timestamp whose day part is kept; it must be a real day. */
export const queryDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}/, 'Invalid date')
  .transform((value) => value.slice(0, 10))
  .refine(isCalendarDay, 'Invalid date');
