import { Inject, Injectable } from '@nestjs/common';
import { ReportDefaultTimeZone, type CompanyEventData, type DomainEvent } from '@sb/contracts';
import { ENV } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { ProjectionRepository, type RollupDelta } from '../projection/projection.repository.js';
import { contributionOf, type RollupCounts } from '../projection/ticket-fact-rules.js';
import { CompanyZoneRepository } from './company-zone.repository.js';
import { reportTimeZone } from './report-time-zone.js';

/**
 * Which zone a company's reports use: its own (announced by identity with the company) where it sets
 * one, else the report zone. When a company's zone changes, its daily rollups are counted again from
 * its facts in the new zone (messages per day keep the days they were counted in).
 */
@Injectable()
export class CompanyZoneService {
  /** the installation's report zone (REPORT_TIME_ZONE, else spec 2's America/Sao_Paulo) */
  readonly fallback: string;

  constructor(
    private readonly repository: CompanyZoneRepository,
    private readonly projections: ProjectionRepository,
    @Inject(ENV) env: Record<string, string | undefined>,
  ) {
    this.fallback = reportTimeZone(env.REPORT_TIME_ZONE, ReportDefaultTimeZone);
  }

  /** The company's report zone. */
  async zoneOf(companyId: number): Promise<string> {
    return reportTimeZone(await this.repository.zoneOf(companyId), this.fallback);
  }

  /**
   * The report zones of the projection's companies, read FOR SHARE in its transaction with one
   * statement, so a ticket's rollup share and a zone change never interleave.
   */
  async lockZonesOf(companyIds: number[], manager: EntityManager): Promise<Map<number, string>> {
    const own = await this.repository.lockZones(companyIds, manager);
    return new Map(
      companyIds.map((companyId) => [companyId, reportTimeZone(own.get(companyId), this.fallback)]),
    );
  }

  /** Applies identity's company created/updated event (its `timeZone`). */
  async applyCompanyEvent(event: DomainEvent, manager: EntityManager): Promise<void> {
    const { company, timeZone } = event.data as CompanyEventData;
    const companyId = company?.id ?? event.companyId;
    if (!timeZone || companyId !== event.companyId) return;
    const saved = await this.repository.saveZone(companyId, timeZone, event.occurredAt, manager);
    if (!saved) return;
    const before = reportTimeZone(saved.before, this.fallback);
    const after = reportTimeZone(timeZone, this.fallback);
    if (before !== after) await this.recount(companyId, after, manager);
  }

  /** The company's rollups from its facts, in `zone`. */
  private async recount(companyId: number, zone: string, manager: EntityManager): Promise<void> {
    const rows = new Map<string, RollupDelta>();
    for (const fact of await this.repository.facts(companyId, manager)) {
      const share = contributionOf(fact, zone);
      if (!share) continue;
      const id = [share.key.day, share.key.queueId, share.key.userId, share.key.whatsappId].join(
        '|',
      );
      const row = rows.get(id);
      if (!row) rows.set(id, { key: share.key, counts: { ...share.counts } });
      else
        for (const name of Object.keys(share.counts) as (keyof RollupCounts)[])
          row.counts[name] += share.counts[name];
    }
    await this.repository.clearRollups(companyId, manager);
    // in slices: a statement takes at most 65,535 parameters (19 a row)
    const all = [...rows.values()];
    for (let start = 0; start < all.length; start += 1_000)
      await this.projections.addToRollups(all.slice(start, start + 1_000), manager);
  }
}
