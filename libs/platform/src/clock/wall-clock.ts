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

export type WallClockParts = Record<
  'year' | 'month' | 'day' | 'hour' | 'minute' | 'second',
  string
>;

/** One formatter per zone: building one costs far more than formatting (a campaign fills thousands). */
const partFormats = new Map<string, Intl.DateTimeFormat>();

const partFormatOf = (timeZone: string): Intl.DateTimeFormat => {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partFormats.set(timeZone, format);
  }
  return format;
};

/** The two-digit date and time parts (hour 00-23, year in four) of `at` on the wall clock of `timeZone`. */
export const wallClockParts = (at: Date, timeZone: string): WallClockParts => {
  const parts = partFormatOf(timeZone).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((part) => part.type === type)?.value ?? '00';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
};
