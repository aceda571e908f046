import type { Profile } from '../access/profiles.js';

/** Digits only: how phone numbers are stored and compared (groups keep their id as is). */
export const normaliseContactNumber = (number: string, isGroup = false): string =>
  isGroup ? number.trim() : number.replace(/\D/g, '');

/** lgpdHideNumber (spec 1 §5): every digit but the last 2 hidden; group numbers are never masked. */
export const maskContactNumber = (number: string, isGroup: boolean): string => {
  if (isGroup || number.length <= 2) return number;
  return '*'.repeat(number.length - 2) + number.slice(-2);
};

/**
 * Who reads a number: a caller's profile, or `broadcast` for what many users receive at once (socket
 * events, which reach plain users too).
 */
export type NumberReader = Profile | 'broadcast';

/** The profiles that see numbers even while lgpdHideNumber is on (spec 1 §5, spec 2 §6: "ordinary users"). */
const SeesNumbers: readonly string[] = ['admin', 'supervisor'];

/**
 * The one reading of lgpdHideNumber, failing closed: the number is shown only when the setting is
 * explicitly 'disabled' or the reader is a profile that sees numbers. A missing or unreadable setting
 * (identity not answering), an unknown value or an unknown reader all hide it.
 */
export const shouldHideNumber = (
  setting: unknown,
  reader: NumberReader | string | undefined,
): boolean =>
  setting !== 'disabled' && !(typeof reader === 'string' && SeesNumbers.includes(reader));

/** The number as `reader` may see it. */
export const visibleContactNumber = (number: string, isGroup: boolean, hide: boolean): string =>
  hide ? maskContactNumber(number, isGroup) : number;
