import {
  addRecurrence,
  daysUntilDue,
  dueDateHighlight,
  nextDueDate,
  trialDueDate,
} from './recurrence.js';

const utc = (iso: string) => new Date(`${iso}T12:00:00.000Z`);

describe('recurrence', () => {
  it.each([
    ['MENSAL', '2026-02-15'],
    ['BIMESTRAL', '2026-03-15'],
    ['TRIMESTRAL', '2026-04-15'],
    ['SEMESTRAL', '2026-07-15'],
    ['ANUAL', '2027-01-15'],
  ] as const)('%s moves 15 Jan 2026 to %s', (recurrence, expected) => {
    expect(addRecurrence(utc('2026-01-15'), recurrence).toISOString()).toBe(
      utc(expected).toISOString(),
    );
  });

  it('clamps to the last day of a shorter month, leap years included', () => {
    expect(addRecurrence(utc('2026-01-31'), 'MENSAL').toISOString()).toBe(
      utc('2026-02-28').toISOString(),
    );
    expect(addRecurrence(utc('2028-01-31'), 'MENSAL').toISOString()).toBe(
      utc('2028-02-29').toISOString(),
    );
    expect(addRecurrence(utc('2026-08-31'), 'SEMESTRAL').toISOString()).toBe(
      utc('2027-02-28').toISOString(),
    );
  });

  it('advances from now when the company has no due date or is past due', () => {
    const now = utc('2026-05-10');
    expect(nextDueDate(null, 'MENSAL', now).toISOString()).toBe(utc('2026-06-10').toISOString());
    expect(nextDueDate(utc('2026-04-01'), 'MENSAL', now).toISOString()).toBe(
      utc('2026-06-10').toISOString(),
    );
    expect(nextDueDate(utc('2026-05-20'), 'ANUAL', now).toISOString()).toBe(
      utc('2027-05-20').toISOString(),
    );
  });

  it('gives a new company a 3-day trial', () => {
    const now = utc('2026-05-10');
    expect(trialDueDate(now).toISOString()).toBe(utc('2026-05-13').toISOString());
  });
});

describe('due-date highlight', () => {
  const now = new Date(2026, 4, 10, 9, 0);
  // a due date is a day, stored as its midnight UTC
  const inDays = (days: number) => new Date(Date.UTC(2026, 4, 10 + days)).toISOString();

  it("counts calendar days from the viewer's today to the due day, whatever the zone", () => {
    expect(daysUntilDue(new Date(Date.UTC(2026, 4, 11)), now)).toBe(1);
    expect(daysUntilDue(new Date(Date.UTC(2026, 4, 10)), now)).toBe(0);
  });

  it('is red on the due day and after, yellow 1 to 5 days before, plain from 6 days', () => {
    expect(dueDateHighlight({ id: 2, dueDate: inDays(-3) }, now)).toBe('danger');
    expect(dueDateHighlight({ id: 2, dueDate: inDays(0) }, now)).toBe('danger');
    expect(dueDateHighlight({ id: 2, dueDate: inDays(1) }, now)).toBe('warning');
    expect(dueDateHighlight({ id: 2, dueDate: inDays(5) }, now)).toBe('warning');
    expect(dueDateHighlight({ id: 2, dueDate: inDays(6) }, now)).toBeNull();
  });

  it('never highlights company 1 or a company without a due date', () => {
    expect(dueDateHighlight({ id: 1, dueDate: inDays(-3) }, now)).toBeNull();
    expect(dueDateHighlight({ id: 2, dueDate: null }, now)).toBeNull();
  });
});
