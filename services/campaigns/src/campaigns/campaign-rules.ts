import { canEditCampaign, type CampaignSettingsValues, type CampaignStatus } from '@sb/contracts';
import { wallClockParts } from '@sb/platform/clock';

/** A source of numbers in [0, 1) (Math.random, or a fixed sequence in tests). */
export type Random = () => number;

/** Editing is allowed while inactive or cancelled, or scheduled more than an hour away (spec 3 §4). */
export const canEdit = canEditCampaign;

/** The status a saved campaign gets: scheduled when it has a time; a cancelled one stays cancelled. */
export const statusAfterSave = (
  current: CampaignStatus | null,
  scheduledAt: Date | null,
): CampaignStatus => {
  if (current === 'CANCELADA') return 'CANCELADA';
  return scheduledAt ? 'PROGRAMADA' : 'INATIVA';
};

/** Pause: a scheduled or running campaign stops sending. */
export const canCancel = (status: CampaignStatus): boolean =>
  status === 'PROGRAMADA' || status === 'EM_ANDAMENTO';

/** One of the variants at random (the caller passes only those with text). */
export const pickVariant = (variants: readonly string[], random: Random): string => {
  if (variants.length === 0) throw new Error('no variant to pick from');
  return variants[Math.min(variants.length - 1, Math.floor(random() * variants.length))]!;
};

/**
 * The most a gap moves either way: a fifth of it, never more than half a second, so that with the
 * dispatch's own lateness (tens of milliseconds) each gap stays within a second of the settings.
 */
export const MaxJitterMs = 500;

/**
 * The wait after the `sent`-th message (1-based) of a campaign: greaterInterval after every
 * longerIntervalAfter messages, messageInterval otherwise, in seconds, moved by a small random jitter
 * so the sends do not tick like a machine. Never negative.
 */
export const gapAfter = (
  sent: number,
  settings: Pick<
    CampaignSettingsValues,
    'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'
  >,
  random: Random,
): number => {
  const longer =
    settings.longerIntervalAfter > 0 && sent > 0 && sent % settings.longerIntervalAfter === 0;
  const baseMs = (longer ? settings.greaterInterval : settings.messageInterval) * 1_000;
  if (baseMs === 0) return 0;
  const jitter = Math.min(MaxJitterMs, baseMs / 5);
  return Math.max(0, Math.round(baseMs + (random() * 2 - 1) * jitter));
};

/** When each of `count` messages is due, in ms after the first: the gaps of `gapAfter` added up. */
export const sendOffsets = (
  count: number,
  settings: Pick<
    CampaignSettingsValues,
    'messageInterval' | 'longerIntervalAfter' | 'greaterInterval'
  >,
  random: Random,
  startAt = 0,
): number[] => {
  const offsets: number[] = [];
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    offsets.push(at);
    at += gapAfter(startAt + index + 1, settings, random);
  }
  return offsets;
};

/** The greeting of the hour, as the reference words it. */
export const greetingOf = (hour: number): string => {
  if (hour < 6) return 'Boa madrugada';
  if (hour < 12) return 'Bom dia';
  if (hour < 18) return 'Boa tarde';
  return 'Boa noite';
};

export type PlaceholderContact = { name: string; number: string; email: string };

/**
 * The values of every placeholder for one contact at `now`: the contact's (also under the reference's
 * Portuguese keys nome, numero), the clock's, and the company's own variables. A campaign opens no
 * ticket, so ticket_id, queue and userName are empty.
 */
export const placeholderValues = (options: {
  contact: PlaceholderContact;
  connectionName: string;
  variables: readonly { key: string; value: string }[];
  now: Date;
  timeZone: string;
  shippingId: number;
}): Record<string, string> => {
  const { contact, now } = options;
  const p = wallClockParts(now, options.timeZone);
  const firstName = contact.name.trim().split(/\s+/)[0] ?? '';
  return {
    ...Object.fromEntries(options.variables.map((v) => [v.key, v.value])),
    firstName,
    name: contact.name,
    nome: contact.name,
    number: contact.number,
    numero: contact.number,
    email: contact.email,
    userName: '',
    ms: greetingOf(Number(p.hour)),
    protocol: `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}${options.shippingId}`,
    date: `${p.day}/${p.month}/${p.year}`,
    hour: `${p.hour}:${p.minute}:${p.second}`,
    ticket_id: '',
    queue: '',
    connection: options.connectionName,
  };
};

/**
 * `{key}` (and the messages' `{{key}}` form) replaced by its value; a brace pair naming no known key
 * stays as written.
 */
export const fillPlaceholders = (text: string, values: Record<string, string>): string =>
  text.replace(
    /\{(\{?)([\p{L}\p{N}_-]+)\}(\}?)/gu,
    (whole, open: string, key: string, close: string) =>
      !open === !close && Object.prototype.hasOwnProperty.call(values, key) ? values[key]! : whole,
  );
