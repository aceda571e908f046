import { localMoment, usableTimeZone } from './wall-clock.js';

const SaoPaulo = 'America/Sao_Paulo';
// 2026-01-05 is a Monday
const utc = (time: string, date = '2026-01-05') => new Date(`${date}T${time}:00.000Z`);

describe('wall clock', () => {
  it('reads the weekday and the minute in a time zone', () => {
    expect(localMoment(utc('11:30'), SaoPaulo)).toEqual({ weekday: 'monday', minute: 8 * 60 + 30 });
    // 01:00 UTC on Monday is still Sunday evening in São Paulo
    expect(localMoment(utc('01:00'), SaoPaulo)).toEqual({ weekday: 'sunday', minute: 22 * 60 });
    expect(localMoment(utc('01:00'), 'UTC')).toEqual({ weekday: 'monday', minute: 60 });
  });

  it('falls back to São Paulo for an unknown or empty zone', () => {
    expect(usableTimeZone('Mars/Olympus')).toBe(SaoPaulo);
    expect(usableTimeZone(undefined)).toBe(SaoPaulo);
    expect(usableTimeZone(' UTC ')).toBe('UTC');
  });
});
