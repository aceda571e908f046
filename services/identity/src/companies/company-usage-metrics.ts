import { Inject, Injectable } from '@nestjs/common';
import { operatorContext } from '@sb/platform/context';
import type { Logger } from '@sb/platform/logger';
import { ENV, LOGGER } from '@sb/platform/nest';
import { recordCompanyUsage } from '@sb/platform/ops';
import { msOrOffOf, Poller, PollingProvider } from '@sb/platform/poller';
import { CompanyStorageReader } from './company-storage.js';

// a measurement reads every row of every company: often enough for billing and planning
const DefaultPollMs = 15 * 60_000;
// every company at once takes longer than a page of the companies screen
const UsageTimeoutMs = 60_000;
// the first measurement waits for the other services of a deployment starting alongside
const FirstMeasureMs = 60_000;

/**
 * The providers' storage metrics (`switchboard_company_rows`, `_bytes`, `_media_bytes` per company):
 * identity measures every company on a timer (the first a minute after start) and sets the gauges; a
 * measurement a service did not answer leaves the previous one in place.
 */
@Injectable()
export class CompanyUsageMetrics extends PollingProvider {
  protected readonly poller: Poller;
  private first: NodeJS.Timeout | undefined;

  constructor(
    private readonly storage: CompanyStorageReader,
    @Inject(LOGGER) logger: Logger,
    @Inject(ENV) env: Record<string, string | undefined>,
  ) {
    super();
    this.poller = new Poller({
      name: 'company usage metrics',
      // COMPANY_USAGE_POLL_MS: the time between measurements; 0 turns them off (tests ask with `tick`)
      everyMs: msOrOffOf(env.COMPANY_USAGE_POLL_MS, DefaultPollMs),
      pass: () => this.measure(),
      logger,
    });
  }

  override onApplicationBootstrap(): void {
    super.onApplicationBootstrap();
    if (this.poller.everyMs === 0) return;
    this.first = setTimeout(() => void this.tick(), Math.min(FirstMeasureMs, this.poller.everyMs));
    this.first.unref();
  }

  override onModuleDestroy(): Promise<void> {
    clearTimeout(this.first);
    return super.onModuleDestroy();
  }

  private async measure(): Promise<void> {
    const usage = await this.storage.of(operatorContext(), [], UsageTimeoutMs);
    if (!usage) throw new Error('a service did not tell its usage: the gauges keep the last one');
    recordCompanyUsage([...usage].map(([companyId, storage]) => ({ companyId, ...storage })));
  }
}
