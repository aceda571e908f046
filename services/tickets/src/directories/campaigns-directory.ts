import { Inject, Injectable } from '@nestjs/common';
import { Subjects, type OnDutyNowRequest, type OnDutyRecord } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { BUS } from '@sb/platform/nest';
import { IdentityDirectory } from './identity-directory.js';
import { systemContext } from './system-context.js';

const LookupTimeoutMs = 5_000;

/** What tickets reads from campaigns: who is on duty (campaigns owns the on-duty staff). */
@Injectable()
export class CampaignsDirectory {
  constructor(
    @Inject(BUS) private readonly bus: Bus,
    private readonly identity: IdentityDirectory,
  ) {}

  /** The staff on duty at `at`, the windows read in the company's own time zone. */
  async onDuty(companyId: number, at: Date): Promise<OnDutyRecord[]> {
    const ctx = systemContext(companyId);
    const { timeZone } = await this.identity.hours(ctx);
    const data: OnDutyNowRequest = { companyId, at: at.toISOString(), timeZone };
    const reply = await this.bus.request(
      Subjects.campaigns.onDutyNow,
      { ctx, data },
      { timeoutMs: LookupTimeoutMs },
    );
    return reply.entries;
  }
}
