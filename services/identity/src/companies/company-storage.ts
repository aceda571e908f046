import { Inject, Injectable } from '@nestjs/common';
import {
  ServiceNames,
  tenantUsageSubject,
  type CompanyStorage,
  type ServiceName,
  type TenantUsageReply,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { CallContext } from '@sb/platform/context';
import type { Logger } from '@sb/platform/logger';
import { BUS, LOGGER } from '@sb/platform/nest';

export type CompaniesStorage = Map<number, CompanyStorage>;

const nothing = (): CompanyStorage => ({ rows: 0, bytes: 0, mediaBytes: 0 });

/**
 * What companies take up, summed over every service: each service measures its own rows (and tickets
 * its media objects) on `<service>.tenant.usage`. A sum missing a service would mislead a bill, so one
 * service not answering in time makes the whole answer null.
 */
@Injectable()
export class CompanyStorageReader {
  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Each company of `companyIds` (zeros for one without data), or every company with data when
   * `companyIds` is empty; null when a service did not answer within `timeoutMs`.
   */
  async of(
    ctx: CallContext,
    companyIds: number[],
    timeoutMs: number,
  ): Promise<CompaniesStorage | null> {
    const replies = await Promise.all(
      ServiceNames.map((service) => this.ask(ctx, service, companyIds, timeoutMs)),
    );
    if (replies.some((reply) => reply === null)) return null;
    const storage: CompaniesStorage = new Map(companyIds.map((id) => [id, nothing()]));
    for (const reply of replies as TenantUsageReply[]) {
      for (const company of reply.companies) {
        const total = storage.get(company.companyId) ?? nothing();
        storage.set(company.companyId, {
          rows: total.rows + company.rows,
          bytes: total.bytes + company.bytes,
          mediaBytes: total.mediaBytes + (company.mediaBytes ?? 0),
        });
      }
    }
    return storage;
  }

  private async ask(
    ctx: CallContext,
    service: ServiceName,
    companyIds: number[],
    timeoutMs: number,
  ): Promise<TenantUsageReply | null> {
    try {
      return await this.bus.request(
        tenantUsageSubject(service),
        { ctx, data: { companyIds } },
        { timeoutMs },
      );
    } catch (err) {
      this.logger.warn({ err, service }, 'company storage: a service did not tell its usage');
      return null;
    }
  }
}
