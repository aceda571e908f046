/** The installation's time zone when a company has none of its own (COMPANY_TIME_ZONE overrides it). */
export const DefaultTimeZone = 'America/Sao_Paulo';

/** A zone Intl knows, else the default: a typo in a setting must not stop hours, bots or alerts. */
export const usableTimeZone = (timeZone: string | null | undefined): string => {
  const zone = timeZone?.trim() || DefaultTimeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return DefaultTimeZone;
  }
};

/** The weekday (english, lower case) and minute of the day of `at` on the wall clock of `timeZone`. */
export const localMoment = (at: Date, timeZone: string): { weekday: string; minute: number } => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: usableTimeZone(timeZone),
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    weekday: part('weekday').toLowerCase(),
    minute: Number(part('hour')) * 60 + Number(part('minute')),
  };
};
