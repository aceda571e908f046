import { npsClassOf, type TicketRecord } from '@sb/contracts';

/**
 * Pure rules of the per-ticket facts: how one event changes a ticket's facts, whatever the order and
 * however often events arrive. Instants that happen once (accepted, queued, first response) keep the
 * earliest seen; the ticket's current state (status, owner, queue, connection, rate) follows the
 * newest ticket version (`updatedAt`, then the event's time), so a late older event cannot undo it.
 */
export type TicketFact = {
  companyId: number;
  ticketId: number;
  contactId: number;
  contactName: string;
  isGroup: boolean;
  createdAt: string;
  status: string;
  queueId: number | null;
  queueName: string | null;
  queueColor: string | null;
  userId: number | null;
  whatsappId: number | null;
  /** the connection's name and the ticket's tags, as its newest version had them (the reports') */
  whatsappName: string | null;
  tags: { id: number; name: string }[];
  queuedAt: string | null;
  acceptedAt: string | null;
  acceptedBy: number | null;
  firstResponseAt: string | null;
  firstResponseBy: number | null;
  /**
   * the latest transition to closed (an event with previousStatus); without one, the earliest closed
   * observation. Counts only while status is closed.
   */
  closedAt: string | null;
  closedBy: number | null;
  closedExact: boolean;
  rate: number | null;
  ratedAt: string | null;
  deleted: boolean;
  /** the newest ticket version applied: ticket.updatedAt and the event's occurredAt */
  versionAt: string;
  versionSeq: string;
  updatedAt: string;
};

/** What one event says about a ticket. */
export type TicketObservation = {
  ticket: TicketRecord;
  occurredAt: string;
  /** set by the tickets service when this change moved the ticket out of that status */
  previousStatus?: string;
  /** an outbound, non-private message of the ticket (a response), with its time and sender */
  response?: { at: string; userId: number | null };
};

const tagsOf = (t: TicketRecord) => (t.tags ?? []).map((tag) => ({ id: tag.id, name: tag.name }));
const earliest = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : a <= b ? a : b;
const iso = (value: string) => new Date(value).toISOString();

/** A ticket's once-only instants and outcome before an event shows them. */
export const UNOBSERVED = {
  queuedAt: null,
  acceptedAt: null,
  acceptedBy: null,
  firstResponseAt: null,
  firstResponseBy: null,
  closedAt: null,
  closedBy: null,
  closedExact: false,
  rate: null,
  ratedAt: null,
  deleted: false,
} as const satisfies Partial<TicketFact>;

const isNewer = (fact: TicketFact, versionAt: string, versionSeq: string) =>
  versionAt > fact.versionAt || (versionAt === fact.versionAt && versionSeq >= fact.versionSeq);

/** The facts after an observation (fact undefined: first event of the ticket). */
export function applyObservation(
  fact: TicketFact | undefined,
  seen: TicketObservation,
): TicketFact {
  const t = seen.ticket;
  const occurredAt = iso(seen.occurredAt);
  const versionAt = iso(t.updatedAt);
  const base: TicketFact = fact ?? {
    companyId: t.companyId,
    ticketId: t.id,
    contactId: t.contactId,
    contactName: t.contact?.name ?? '',
    isGroup: t.isGroup,
    createdAt: iso(t.createdAt),
    status: t.status,
    queueId: t.queueId,
    queueName: t.queue?.name ?? null,
    queueColor: t.queue?.color ?? null,
    userId: t.userId,
    whatsappId: t.whatsappId,
    whatsappName: t.whatsapp?.name ?? null,
    tags: tagsOf(t),
    ...UNOBSERVED,
    versionAt: '',
    versionSeq: '',
    updatedAt: versionAt,
  };
  const next: TicketFact = { ...base, createdAt: earliest(base.createdAt, iso(t.createdAt))! };

  // once-only instants: the earliest observation wins, in any order
  if (t.queueId !== null) next.queuedAt = earliest(next.queuedAt, occurredAt);
  if (
    t.status === 'open' &&
    t.userId !== null &&
    (!next.acceptedAt || occurredAt < next.acceptedAt)
  ) {
    next.acceptedAt = occurredAt;
    next.acceptedBy = t.userId;
  }
  if (seen.response && (!next.firstResponseAt || iso(seen.response.at) < next.firstResponseAt)) {
    next.firstResponseAt = iso(seen.response.at);
    next.firstResponseBy = seen.response.userId;
  }
  if (t.status === 'closed') {
    const transition = seen.previousStatus !== undefined && seen.previousStatus !== 'closed';
    const replaces = transition
      ? !next.closedExact || !next.closedAt || occurredAt > next.closedAt
      : !next.closedExact && (!next.closedAt || occurredAt < next.closedAt);
    if (replaces) {
      next.closedAt = occurredAt;
      next.closedBy = t.userId;
      next.closedExact = transition;
    }
  }
  if (t.userRating && (!next.ratedAt || occurredAt < next.ratedAt)) next.ratedAt = occurredAt;

  // current state: only from a version at least as new as the one applied
  if (isNewer(base, versionAt, occurredAt) || !fact) {
    next.status = t.status;
    next.queueId = t.queueId;
    next.queueName = t.queue?.name ?? null;
    next.queueColor = t.queue?.color ?? null;
    next.userId = t.userId;
    next.whatsappId = t.whatsappId;
    next.whatsappName = t.whatsapp?.name ?? next.whatsappName;
    next.tags = t.tags ? tagsOf(t) : next.tags;
    next.contactName = t.contact?.name ?? next.contactName;
    next.rate = t.userRating ? t.userRating.rate : next.rate;
    next.versionAt = versionAt;
    next.versionSeq = occurredAt;
    next.updatedAt = versionAt;
  }
  return next;
}

/** The facts after the ticket's deletion (a tombstone: a late update must not bring it back). */
export function applyDeletion(fact: TicketFact | undefined): TicketFact | undefined {
  return fact ? { ...fact, deleted: true } : undefined;
}

/** The rollup row a fact counts in, and what it adds there. */
export type RollupKey = {
  companyId: number;
  day: string;
  queueId: number;
  userId: number;
  whatsappId: number;
};
export const RollupCountNames = [
  'tickets',
  'groupTickets',
  'closed',
  'closedRated',
  'rated',
  'npsWaiting',
  'waitMinutes',
  'waitCount',
  'supportMinutes',
  'supportCount',
  'rateSum',
  'promoters',
  'passives',
  'detractors',
] as const;
/** What one fact adds to its rollup row, a number per count (also the dashboard's sums of rows). */
export type RollupCounts = Record<(typeof RollupCountNames)[number], number>;

/** Whole minutes from a to b (BEHAVIOUR §7 counts in minutes); null when either is missing. */
export const minutesBetween = (from: string | null, to: string | null): number | null =>
  from && to ? Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / 60_000)) : null;

/** The local calendar day of an instant in a time zone (`YYYY-MM-DD`). */
export function localDay(instant: string, timeZone: string): string {
  return dayFormat(timeZone).format(new Date(instant));
}

/** One formatter per zone: making one costs far more than using it, and a batch uses a few zones. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** Where a fact counts and what it adds (nothing for a deleted ticket). */
export function contributionOf(
  fact: TicketFact | undefined,
  timeZone: string,
): { key: RollupKey; counts: RollupCounts } | undefined {
  if (!fact || fact.deleted) return undefined;
  const closed = fact.status === 'closed';
  const rated = fact.rate !== null;
  // wait: created → accepted; support: accepted → close (never to now); zeros are left out (§7)
  const wait = minutesBetween(fact.createdAt, fact.acceptedAt);
  const support = closed ? minutesBetween(fact.acceptedAt, fact.closedAt) : null;
  const cls = rated ? npsClassOf(fact.rate!) : undefined;
  return {
    key: {
      companyId: fact.companyId,
      day: localDay(fact.createdAt, timeZone),
      queueId: fact.queueId ?? 0,
      userId: fact.userId ?? 0,
      whatsappId: fact.whatsappId ?? 0,
    },
    counts: {
      tickets: 1,
      groupTickets: fact.isGroup ? 1 : 0,
      closed: closed ? 1 : 0,
      closedRated: closed && rated ? 1 : 0,
      rated: rated ? 1 : 0,
      npsWaiting: fact.status === 'nps' ? 1 : 0,
      waitMinutes: wait ?? 0,
      waitCount: wait ? 1 : 0,
      supportMinutes: support ?? 0,
      supportCount: support ? 1 : 0,
      rateSum: fact.rate ?? 0,
      promoters: cls === 'promoter' ? 1 : 0,
      passives: cls === 'passive' ? 1 : 0,
      detractors: cls === 'detractor' ? 1 : 0,
    },
  };
}
