import { Inject, Injectable } from '@nestjs/common';
import {
  Subjects,
  type CompanyCountsReply,
  type CompanyRecordView,
  type CompanyView,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { CallContext } from '@sb/platform/context';
import type { Logger } from '@sb/platform/logger';
import { BUS, LOGGER } from '@sb/platform/nest';
import { CompanyStorageReader } from './company-storage.js';

// the companies screen waits this long for a count (or a storage figure) before it shows the list without it
const CountTimeoutMs = 3_000;

type Counts = Map<number, number> | null;

/**
 * The connections, queues and storage of each company on the super's companies screen. Connectors and
 * tickets own those records and every service its rows, so identity asks them (a page of companies at a
 * time); a service that does not answer leaves its figure null instead of failing the list.
 */
@Injectable()
export class CompanyRecordCounts {
  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly storage: CompanyStorageReader,
  ) {}

  async of(ctx: CallContext, companies: CompanyView[]): Promise<CompanyRecordView[]> {
    const companyIds = companies.map((company) => company.id);
    const [connections, queues, storage] = await Promise.all([
      this.ask(ctx, Subjects.connectors.connectionCount, companyIds),
      this.ask(ctx, Subjects.tickets.queueCount, companyIds),
      companyIds.length === 0 ? new Map() : this.storage.of(ctx, companyIds, CountTimeoutMs),
    ]);
    return companies.map((company) => ({
      ...company,
      connectionsCount: connections?.get(company.id) ?? null,
      queuesCount: queues?.get(company.id) ?? null,
      storage: storage?.get(company.id) ?? null,
    }));
  }

  private async ask(
    ctx: CallContext,
    subject: typeof Subjects.connectors.connectionCount | typeof Subjects.tickets.queueCount,
    companyIds: number[],
  ): Promise<Counts> {
    if (companyIds.length === 0) return new Map();
    try {
      const reply: CompanyCountsReply = await this.bus.request(
        subject,
        { ctx, data: { companyIds } },
        { timeoutMs: CountTimeoutMs },
      );
      return new Map(reply.counts.map((entry) => [entry.companyId, entry.count]));
    } catch (err) {
      this.logger.warn({ err, subject }, 'companies screen: a record count is not available');
      return null;
    }
  }
}
