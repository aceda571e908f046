import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import {
  calendarDayOf,
  formatCalendarDay,
  formatDateTime,
  formatDateTimeIn,
  formatDay,
  formatTime,
  localDayOf,
} from './dates.js';

// local time, as the app shows it
const at = new Date(2026, 10, 25, 9, 5, 7);

describe('dates', () => {
  afterEach(async () => {
    if (i18next.isInitialized) await i18next.changeLanguage('pt-BR');
  });

  it('writes a date-only value as the day it names, in each language, whatever the zone', () => {
    // the seeded due date; a zone west of UTC used to show 30/12/2999
    const due = '2999-12-31T00:00:00.000Z';
    expect(formatCalendarDay(due, 'pt-BR')).toBe('31/12/2999');
    expect(formatCalendarDay(due, 'en')).toBe('12/31/2999');
    expect(formatCalendarDay(due, 'es')).toBe('31/12/2999');
    expect(formatCalendarDay(due, 'tr')).toBe('31.12.2999');
    expect(formatCalendarDay('2026-11-02', 'pt-BR')).toBe('02/11/2026');
    expect(calendarDayOf(due)).toBe('2999-12-31');
    expect(calendarDayOf(null)).toBe('');
    expect(localDayOf(at)).toBe('2026-11-25');
  });

  it('writes a day in each language order', () => {
    expect(formatDay(at, 'pt-BR')).toBe('25/11/2026');
    expect(formatDay(at, 'en')).toBe('11/25/2026');
    expect(formatDay(at, 'es')).toBe('25/11/2026');
    expect(formatDay(at, 'tr')).toBe('25.11.2026');
    expect(formatDay(at.toISOString(), 'en')).toBe('11/25/2026');
  });

  it('writes the time in the language clock, with seconds when asked', () => {
    expect(formatTime(at, 'pt-BR')).toBe('09:05');
    expect(formatTime(at, 'en')).toMatch(/^09:05\sAM$/);
    expect(formatTime(at, 'tr', true)).toBe('09:05:07');
    expect(formatDateTime(at, 'pt-BR')).toBe('25/11/2026 09:05');
    expect(formatDateTime(at, 'es', true)).toBe('25/11/2026 09:05:07');
  });

  it('follows i18next current language when none is given', async () => {
    await i18next.init({ lng: 'en', resources: {} });
    expect(formatDay(at)).toBe('11/25/2026');
    await i18next.changeLanguage('pt-BR');
    expect(formatDay(at)).toBe('25/11/2026');
    await i18next.changeLanguage('tr');
    expect(formatDateTime(at)).toBe('25.11.2026 09:05');
  });

  it("writes a day and time on a zone's calendar, whatever the browser's", () => {
    const utc = '2026-11-25T02:30:00.000Z';
    expect(formatDateTimeIn(utc, 'America/Sao_Paulo', 'pt-BR')).toBe('24/11/2026 23:30');
    expect(formatDateTimeIn(utc, 'Asia/Tokyo', 'tr')).toBe('25.11.2026 11:30');
    expect(formatDateTimeIn(utc, 'Not/AZone', 'es')).toBe('24/11/2026 23:30');
    expect(formatDateTimeIn(null, 'UTC', 'en')).toBe('');
  });

  it('writes nothing for a missing or invalid date', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDay(undefined, 'en')).toBe('');
    expect(formatTime('not a date', 'en')).toBe('');
    expect(formatDateTime('', 'pt-BR')).toBe('');
  });
});
