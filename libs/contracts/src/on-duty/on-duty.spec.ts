import {
  emptyOnDutyDays,
  hasWindow,
  minuteOfDay,
  OnDutyInput,
  OnDutyNowRequest,
  OnDutyWeekdays,
} from './on-duty.js';

/** The first message of each failing field, as a form shows it. */
const messagesOf = (result: {
  error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined;
}) => {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
  return messages;
};

/** The seven rows with Monday 08:00–18:00 (plus any overrides by weekdayEn). */
const days = (overrides: Record<string, { startTime?: string; endTime?: string }> = {}) =>
  emptyOnDutyDays().map((day) => ({
    ...day,
    ...(day.weekdayEn === 'monday' ? { startTime: '08:00', endTime: '18:00' } : {}),
    ...overrides[day.weekdayEn],
  }));

describe('on-duty entry input (spec 3 §5)', () => {
  it('accepts a user, a phone, an interval and seven weekdays, keeping the phone digits', () => {
    const parsed = OnDutyInput.parse({
      userId: '3',
      phone: '+55 (11) 98888-0001',
      interval: '15',
      days: days(),
    });
    expect(parsed).toMatchObject({ userId: 3, phone: '5511988880001', interval: 15 });
    expect(parsed.days).toHaveLength(7);
    expect(parsed.days[1]).toEqual({
      weekday: 'Segunda-feira',
      weekdayEn: 'monday',
      startTime: '08:00',
      endTime: '18:00',
    });
  });

  it("reads null times (the family's form for a day off) as a day off", () => {
    const offDays = days().map((day) =>
      day.weekdayEn === 'monday' ? day : { ...day, startTime: null, endTime: null },
    );
    const parsed = OnDutyInput.parse({ userId: 1, phone: '5511988880001', days: offDays });
    expect(parsed.days[0]).toMatchObject({ startTime: '', endTime: '' });
    expect(parsed.days[1]).toMatchObject({ startTime: '08:00', endTime: '18:00' });
  });

  it('defaults the interval to 1 minute (spec 3 §9)', () => {
    expect(OnDutyInput.parse({ userId: 1, phone: '5511988880001', days: days() }).interval).toBe(1);
  });

  it('wants a user, a phone and a whole interval of at least one minute', () => {
    expect(messagesOf(OnDutyInput.safeParse({ days: days() }))).toEqual({
      userId: 'Obrigatório',
      phone: 'Obrigatório',
    });
    expect(
      messagesOf(OnDutyInput.safeParse({ userId: 1, phone: 'call me', interval: 0, days: days() })),
    ).toEqual({ phone: 'Invalid phone', interval: 'Invalid interval' });
    expect(
      messagesOf(OnDutyInput.safeParse({ userId: 1, phone: '123', interval: 1.5, days: days() })),
    ).toEqual({ phone: 'Invalid phone', interval: 'Invalid interval' });
    expect(
      messagesOf(
        OnDutyInput.safeParse({ userId: 1, phone: '5511988880001', interval: '', days: days() }),
      ),
    ).toEqual({ interval: 'Obrigatório' });
  });

  it('wants both times of a day or neither, the end after the start', () => {
    const result = OnDutyInput.safeParse({
      userId: 1,
      phone: '5511988880001',
      days: days({
        tuesday: { startTime: '09:00' },
        wednesday: { endTime: '10:00' },
        thursday: { startTime: '18:00', endTime: '08:00' },
        friday: { startTime: '10:00', endTime: '10:00' },
        saturday: { startTime: '25:00', endTime: '26:00' },
      }),
    });
    expect(messagesOf(result)).toEqual({
      'days.2.endTime': 'Obrigatório',
      'days.3.startTime': 'Obrigatório',
      'days.4.endTime': 'End before start',
      'days.5.endTime': 'End before start',
      'days.6.startTime': 'Invalid time',
      'days.6.endTime': 'Invalid time',
    });
  });

  it('wants at least one day with both times, and the seven weekdays once each', () => {
    const none = emptyOnDutyDays();
    expect(
      messagesOf(OnDutyInput.safeParse({ userId: 1, phone: '5511988880001', days: none })),
    ).toEqual({ days: 'At least one day' });
    expect(
      messagesOf(
        OnDutyInput.safeParse({ userId: 1, phone: '5511988880001', days: days().slice(0, 6) }),
      ),
    ).toEqual({ days: 'Seven weekdays' });
    const twice = days();
    twice[0] = { ...twice[1]! };
    expect(
      messagesOf(OnDutyInput.safeParse({ userId: 1, phone: '5511988880001', days: twice })),
    ).toEqual({ days: 'Seven weekdays' });
  });

  it('stores the days in the form order whatever order they came in', () => {
    const parsed = OnDutyInput.parse({
      userId: 1,
      phone: '5511988880001',
      days: days().reverse(),
    });
    expect(parsed.days.map((day) => day.weekdayEn)).toEqual(
      OnDutyWeekdays.map((day) => day.weekdayEn),
    );
  });

  it('reads times and windows', () => {
    expect(minuteOfDay('00:00')).toBe(0);
    expect(minuteOfDay('23:59')).toBe(1439);
    expect(minuteOfDay('')).toBeNull();
    expect(minuteOfDay('7:00')).toBeNull();
    expect(hasWindow({ startTime: '08:00', endTime: '09:00' })).toBe(true);
    expect(hasWindow({ startTime: '08:00', endTime: '' })).toBe(false);
  });

  it('reads the on-duty question', () => {
    expect(OnDutyNowRequest.parse({ companyId: '4', at: '2026-01-05T12:00:00.000Z' })).toEqual({
      companyId: 4,
      at: new Date('2026-01-05T12:00:00.000Z'),
    });
    expect(OnDutyNowRequest.safeParse({ companyId: 4, at: 'soon' }).success).toBe(false);
    // the company's own time zone comes along when the caller knows it
    expect(
      OnDutyNowRequest.parse({
        companyId: 4,
        at: '2026-01-05T12:00:00.000Z',
        timeZone: ' Asia/Tokyo ',
      }),
    ).toMatchObject({ timeZone: 'Asia/Tokyo' });
  });
});
