import {
  FirstResponseBuckets,
  type HoursBasisCounts,
  type MinutesSummary,
  type ServiceDurations,
  type ServiceMetricsReply,
  type SlaQueueRow,
  type SlaShare,
} from '@sb/contracts';
import {
  wallClockMinutes,
  type HoursBasis,
  type MinutesClock,
} from '../business-hours/business-hours.js';
import { averageMinutes, percent } from '../dashboard/dashboard-formulas.js';

/**
 * The service metrics of the selected tickets, pure: first response, next response and resolution
 * (average and median), the first-response buckets and the SLA panel, each on the wall clock and in
 * business hours. Tickets are added one at a time, so a report of any size is read in batches.
 */

/** One selected ticket as the metrics read it (instants in epoch ms, cheap to add up by the 100,000). */
export type MetricTicket = {
  queueId: number | null;
  queueName: string | null;
  closed: boolean;
  createdAt: number;
  firstResponseAt: number | null;
  closedAt: number | null;
  nextResponses: { from: number; to: number }[];
};

/** The bucket of a first response of `minutes` (its index in FirstResponseBuckets). */
export const bucketIndexOf = (minutes: number): number => {
  const at = FirstResponseBuckets.findIndex((b) => b.below !== null && minutes < b.below);
  return at < 0 ? FirstResponseBuckets.length - 1 : at;
};

/**
 * Whole minutes: how many, their sum and their median (as Postgres' percentile_cont(0.5): the middle
 * one, or halfway between the two middle ones), kept as a count per value rather than every value.
 */
export class MinutesTally {
  private readonly counts = new Map<number, number>();
  private count = 0;
  private sum = 0;

  add(minutes: number): void {
    this.counts.set(minutes, (this.counts.get(minutes) ?? 0) + 1);
    this.count += 1;
    this.sum += minutes;
  }

  summary(): MinutesSummary {
    return {
      count: this.count,
      avgMinutes: averageMinutes(this.sum, this.count),
      medianMinutes: Math.round(this.median() * 100) / 100,
    };
  }

  private median(): number {
    if (this.count === 0) return 0;
    const lower = Math.floor((this.count - 1) / 2);
    const upper = Math.ceil((this.count - 1) / 2);
    let seen = 0;
    let low: number | undefined;
    for (const value of [...this.counts.keys()].sort((a, b) => a - b)) {
      seen += this.counts.get(value)!;
      if (low === undefined && seen > lower) low = value;
      if (seen > upper) return (low! + value) / 2;
    }
    return low ?? 0;
  }
}

class DurationsTally {
  private readonly firstResponse = new MinutesTally();
  private readonly nextResponse = new MinutesTally();
  private readonly resolution = new MinutesTally();
  private readonly buckets = FirstResponseBuckets.map(() => 0);

  add(ticket: MetricTicket, clock: MinutesClock): void {
    if (ticket.firstResponseAt !== null) {
      const minutes = clock(ticket.createdAt, ticket.firstResponseAt);
      this.firstResponse.add(minutes);
      this.buckets[bucketIndexOf(minutes)]! += 1;
    }
    for (const wait of ticket.nextResponses) this.nextResponse.add(clock(wait.from, wait.to));
    if (ticket.closed && ticket.closedAt !== null)
      this.resolution.add(clock(ticket.createdAt, ticket.closedAt));
  }

  result(): ServiceDurations {
    const firstResponse = this.firstResponse.summary();
    return {
      firstResponse,
      nextResponse: this.nextResponse.summary(),
      resolution: this.resolution.summary(),
      firstResponseDistribution: FirstResponseBuckets.map((bucket, i) => ({
        bucket: bucket.label,
        count: this.buckets[i]!,
        percent: percent(this.buckets[i]!, firstResponse.count),
      })),
    };
  }
}

/**
 * Whether a ticket met a first-response target of `target` minutes on a clock: answered within it,
 * late (answered after it, closed unanswered, or unanswered past it at `now`), or not known yet
 * (unanswered, open, still within it).
 */
export function slaOutcome(
  ticket: MetricTicket,
  target: number,
  clock: MinutesClock,
  now: number,
): 'within' | 'late' | 'pending' {
  if (ticket.firstResponseAt !== null)
    return clock(ticket.createdAt, ticket.firstResponseAt) <= target ? 'within' : 'late';
  if (ticket.closed) return 'late';
  return clock(ticket.createdAt, now) > target ? 'late' : 'pending';
}

type ShareCount = { measured: number; withinTarget: number };
type QueueCount = {
  name: string;
  tickets: number;
  wallClock: ShareCount;
  businessHours: ShareCount;
};

const shareOf = (count: ShareCount): SlaShare => ({
  measured: count.measured,
  withinTarget: count.withinTarget,
  percent: percent(count.withinTarget, count.measured),
});
const countOutcome = (count: ShareCount, outcome: 'within' | 'late' | 'pending') => {
  if (outcome === 'pending') return;
  count.measured += 1;
  if (outcome === 'within') count.withinTarget += 1;
};
const emptyQueue = (name: string): QueueCount => ({
  name,
  tickets: 0,
  wallClock: { measured: 0, withinTarget: 0 },
  businessHours: { measured: 0, withinTarget: 0 },
});

export class ServiceMetricsTally {
  private tickets = 0;
  private readonly wall = new DurationsTally();
  private readonly business = new DurationsTally();
  private readonly basis: HoursBasisCounts = { queue: 0, company: 0, none: 0 };
  private readonly queues = new Map<number, QueueCount>();

  /**
   * @param targets the first-response target (minutes) per queue id
   * @param now when the metrics are read, epoch ms (tickets still unanswered are late or not yet)
   * @param queueNames names of queues that may have no selected ticket (those with a target)
   */
  constructor(
    private readonly targets: ReadonlyMap<number, number>,
    private readonly now: number,
    queueNames: ReadonlyMap<number, string> = new Map(),
  ) {
    for (const queueId of targets.keys())
      this.queues.set(queueId, emptyQueue(queueNames.get(queueId) ?? `#${queueId}`));
  }

  /** Adds a ticket, measured on the wall clock and on its business clock (`basis` names it). */
  add(ticket: MetricTicket, hours: { basis: HoursBasis; clock: MinutesClock }): void {
    this.tickets += 1;
    this.basis[hours.basis] += 1;
    this.wall.add(ticket, wallClockMinutes);
    this.business.add(ticket, hours.clock);
    if (ticket.queueId === null) return;
    let queue = this.queues.get(ticket.queueId);
    if (!queue) {
      queue = emptyQueue(ticket.queueName ?? `#${ticket.queueId}`);
      this.queues.set(ticket.queueId, queue);
    } else if (ticket.queueName) queue.name = ticket.queueName;
    queue.tickets += 1;
    const target = this.targets.get(ticket.queueId);
    if (target === undefined) return;
    countOutcome(queue.wallClock, slaOutcome(ticket, target, wallClockMinutes, this.now));
    countOutcome(queue.businessHours, slaOutcome(ticket, target, hours.clock, this.now));
  }

  /** The reply; `onlyQueueId` (a queue filter) keeps the SLA panel to that queue. */
  reply(onlyQueueId?: number): ServiceMetricsReply {
    const rows: SlaQueueRow[] = [];
    const overall = {
      tickets: 0,
      wall: { measured: 0, withinTarget: 0 },
      business: { measured: 0, withinTarget: 0 },
    };
    for (const [queueId, queue] of this.queues) {
      if (onlyQueueId !== undefined && queueId !== onlyQueueId) continue;
      const target = this.targets.get(queueId) ?? null;
      rows.push({
        queueId,
        queueName: queue.name,
        targetMinutes: target,
        tickets: queue.tickets,
        wallClock: target === null ? null : shareOf(queue.wallClock),
        businessHours: target === null ? null : shareOf(queue.businessHours),
      });
      if (target === null) continue;
      overall.tickets += queue.tickets;
      for (const [sum, count] of [
        [overall.wall, queue.wallClock],
        [overall.business, queue.businessHours],
      ] as const) {
        sum.measured += count.measured;
        sum.withinTarget += count.withinTarget;
      }
    }
    rows.sort((a, b) => a.queueName.localeCompare(b.queueName) || a.queueId - b.queueId);
    return {
      tickets: this.tickets,
      wallClock: this.wall.result(),
      businessHours: this.business.result(),
      hoursBasis: { ...this.basis },
      sla: {
        queues: rows,
        overall: {
          tickets: overall.tickets,
          wallClock: shareOf(overall.wall),
          businessHours: shareOf(overall.business),
        },
      },
    };
  }
}
