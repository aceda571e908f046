import { describe, expect, it } from 'vitest';
import { defaultSendAt } from '../../schedules/schedule-form.js';
import { scheduleErrors } from './ticket-schedule.js';

describe('schedule form', () => {
  it('defaults the send time to one hour ahead', () => {
    expect(defaultSendAt(new Date(2026, 10, 24, 23, 30))).toBe('2026-11-25T00:30');
  });

  it('needs a body of 5 characters and a send time', () => {
    expect(scheduleErrors({ body: '', sendAt: '' })).toEqual({
      body: 'schedule.required',
      sendAt: 'schedule.required',
    });
    expect(scheduleErrors({ body: ' hey ', sendAt: '2026-11-25T00:30' })).toEqual({
      body: 'schedule.tooShort',
    });
    expect(scheduleErrors({ body: 'hello', sendAt: '2026-11-25T00:30' })).toEqual({});
  });
});
