import { describe, expect, it } from 'vitest';
import { dueDateStatus, formatDate } from './due-date.js';

const now = new Date('2025-03-10T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

describe('company due date at login', () => {
  it('lets a company with a future due date in without warning when 5 days or more remain', () => {
    expect(dueDateStatus({ id: 2, dueDate: inDays(5) }, now)).toEqual({
      kind: 'valid',
      daysLeft: 5,
      warn: false,
    });
  });

  it('warns with the rounded number of days when fewer than 5 remain', () => {
    expect(dueDateStatus({ id: 2, dueDate: inDays(4.4) }, now)).toEqual({
      kind: 'valid',
      daysLeft: 4,
      warn: true,
    });
    expect(dueDateStatus({ id: 2, dueDate: inDays(0.3) }, now)).toMatchObject({
      daysLeft: 0,
      warn: true,
    });
  });

  it('treats a due date now or in the past as expired', () => {
    expect(dueDateStatus({ id: 2, dueDate: inDays(-1) }, now)).toEqual({ kind: 'expired' });
    expect(dueDateStatus({ id: 2, dueDate: now.toISOString() }, now)).toEqual({ kind: 'expired' });
  });

  it('never expires company 1, even with a past date', () => {
    expect(dueDateStatus({ id: 1, dueDate: inDays(-100) }, now)).toMatchObject({
      kind: 'valid',
      warn: false,
    });
  });

  it('formats dates day/month/year', () => {
    expect(formatDate('2999-12-31T12:00:00')).toBe('31/12/2999');
    expect(formatDate(null)).toBe('');
  });
});
