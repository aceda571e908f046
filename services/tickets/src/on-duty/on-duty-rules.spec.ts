import { nextNotifyAt, waitsForAlert, type AlertCandidate } from './on-duty-rules.js';

const now = new Date('2026-01-05T12:00:00.000Z');
const waiting: AlertCandidate = {
  status: 'pending',
  isGroup: false,
  fromMe: false,
  nextNotifyAt: null,
};

describe('on-duty alert rules', () => {
  it('alerts a pending ticket the contact spoke last on, once its time is reached', () => {
    expect(waitsForAlert(waiting, now)).toBe(true);
    expect(waitsForAlert({ ...waiting, nextNotifyAt: now }, now)).toBe(true);
    expect(waitsForAlert({ ...waiting, nextNotifyAt: new Date(now.getTime() - 1) }, now)).toBe(
      true,
    );
    expect(waitsForAlert({ ...waiting, nextNotifyAt: new Date(now.getTime() + 1) }, now)).toBe(
      false,
    );
  });

  it('leaves answered, accepted, closed, group and silent tickets alone', () => {
    expect(waitsForAlert({ ...waiting, fromMe: true }, now)).toBe(false);
    expect(waitsForAlert({ ...waiting, fromMe: null }, now)).toBe(false);
    expect(waitsForAlert({ ...waiting, status: 'open' }, now)).toBe(false);
    expect(waitsForAlert({ ...waiting, status: 'closed' }, now)).toBe(false);
    expect(waitsForAlert({ ...waiting, isGroup: true }, now)).toBe(false);
  });

  it('puts the next alert the smallest interval of those on duty ahead', () => {
    expect(nextNotifyAt(now, [5, 2, 10])).toEqual(new Date('2026-01-05T12:02:00.000Z'));
    expect(nextNotifyAt(now, [1])).toEqual(new Date('2026-01-05T12:01:00.000Z'));
    // nobody on duty: no alert, no new time
    expect(nextNotifyAt(now, [])).toBeNull();
    expect(nextNotifyAt(now, [0, Number.NaN])).toBeNull();
  });
});
