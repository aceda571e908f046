import { describe, expect, it } from 'vitest';
import {
  defaultSendAt,
  formatSendTime,
  scheduleFormErrors,
  toLocalInput,
} from './schedule-form.js';

describe('schedule form', () => {
  it('defaults the send time to one hour ahead, in local time', () => {
    const now = new Date(2026, 2, 1, 9, 5, 30);
    expect(defaultSendAt(now)).toBe('2026-03-01T10:05');
    expect(toLocalInput(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31T23:59');
  });

  it('shows send times as DD/MM/YYYY HH:mm:ss', () => {
    expect(formatSendTime(new Date(2026, 0, 2, 3, 4, 5).toISOString())).toBe('02/01/2026 03:04:05');
  });

  it('checks the fields with the API rules', () => {
    const later = defaultSendAt();
    expect(scheduleFormErrors({ body: 'Hello there', contactId: 3, sendAt: later }, true)).toEqual(
      {},
    );
    expect(scheduleFormErrors({ body: 'Hey', contactId: null, sendAt: '' }, true)).toEqual({
      body: 'tooShort',
      contactId: 'required',
      sendAt: 'required',
    });
    const past = toLocalInput(new Date(Date.now() - 3_600_000));
    expect(scheduleFormErrors({ body: 'Hello there', contactId: 3, sendAt: past }, true)).toEqual({
      sendAt: 'future',
    });
    expect(scheduleFormErrors({ body: 'Hello there', contactId: 3, sendAt: past }, false)).toEqual(
      {},
    );
  });
});
