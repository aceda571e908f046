import { Inject, Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import type { Logger } from '@sb/platform/logger';
import { LOGGER } from '@sb/platform/nest';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { DataErasureRepository } from './data-erasure.repository.js';
import { MediaCleanup } from './media-cleanup.js';
import { retentionCutoff } from './media-cleanup-rules.js';

/** Messages deleted per transaction: short locks, and a pass that stops soon when asked to. */
export const RetentionBatchSize = 500;

/**
 * The messageRetentionDays setting (issue 30, LGPD): a company's messages older than its period go,
 * with their files. Tickets and contacts stay; reporting's figures are counts kept from the events, so
 * the dashboards do not change.
 */
@Injectable()
export class MessageRetentionService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: DataErasureRepository,
    private readonly media: MediaCleanup,
    private readonly identity: IdentityDirectory,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** The companies that set a period, with its days (asked of identity at each pass). */
  companies(): Promise<Map<number, number>> {
    return this.identity.retentionPeriods();
  }

  /**
   * Deletes the company's messages created more than `days` days before `now`, batch after batch until
   * none is left or `stopping` says so. Returns how many messages went.
   */
  async applyToCompany(
    companyId: number,
    days: number,
    now: Date,
    stopping: () => boolean = () => false,
  ): Promise<number> {
    const before = retentionCutoff(now, days);
    let total = 0;
    let objects = 0;
    while (!stopping()) {
      const { count, files } = await this.transactions.inTenant(companyId, async (manager) => {
        const removed = await this.repository.deleteMessagesBefore(
          manager,
          companyId,
          before,
          RetentionBatchSize,
        );
        await this.repository.clearEmptyPreviews(manager, companyId, removed.ticketIds);
        const files = await this.media.unusedKeys(manager, companyId, removed.mediaKeys);
        return { count: removed.count, files };
      });
      objects += await this.media.remove(companyId, files);
      total += count;
      if (count < RetentionBatchSize) break;
    }
    if (total > 0) this.logger.info({ companyId, messages: total, objects }, 'retention applied');
    return total;
  }
}
