import { Injectable } from '@nestjs/common';
import type { ConnectionSendLimits } from '@sb/contracts';
import { ConnectionDaysRepository } from './connection-days.repository.js';
import {
  capOfDay,
  daysBetween,
  localDateOf,
  nextDayOpening,
  windowOpening,
} from './send-limits.js';

/**
 * The connection's send limits at the moment of a send (issue 17): its window in the company's time
 * zone, and its daily cap grown over the warm-up days. A connection without limits sends at once.
 */
@Injectable()
export class SendLimitsGate {
  constructor(private readonly days: ConnectionDaysRepository) {}

  /**
   * null: the message may go now, and is counted on the connection's day. Otherwise the time the
   * connection may send again (its next window period, or the next day once the cap is reached).
   */
  async admit(
    companyId: number,
    whatsappId: number,
    limits: ConnectionSendLimits,
    zone: string,
    now = new Date(),
  ): Promise<Date | null> {
    const opening = windowOpening(limits, now, zone);
    if (opening.getTime() > now.getTime()) return opening;
    // without a cap nothing is counted (a write per send saved); a warm-up counts from the first capped day
    if (limits.dailyCap === null) return null;
    const day = localDateOf(now, zone);
    const first =
      limits.warmUpDays === null ? day : await this.days.firstDay(companyId, whatsappId);
    const cap = capOfDay(limits, daysBetween(first ?? day, day));
    if (await this.days.take(companyId, whatsappId, day, cap)) return null;
    return nextDayOpening(limits, now, zone);
  }
}
