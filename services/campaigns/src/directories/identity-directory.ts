import { Inject, Injectable } from '@nestjs/common';
import { Subjects, type PlanFlag, type RequestContext, type UserRecord } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import { BUS, LOGGER } from '@sb/platform/nest';
import { usableTimeZone } from '@sb/platform/clock';
import { companyCall } from './connectors-directory.js';

const LookupTimeoutMs = 5_000;

/** What campaigns asks identity: the users named by schedules and on-duty entries, lgpdHideNumber. */
@Injectable()
export class IdentityDirectory {
  constructor(
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * The user as the caller's company knows it; another company's (or an unknown) user is identity's
   * ERR_NO_USER_FOUND, and an unreachable identity fails the call rather than pass an unchecked user.
   */
  user(ctx: RequestContext, id: number): Promise<UserRecord> {
    return this.bus.request(
      Subjects.identity.userGet,
      { ctx, data: { id } },
      { timeoutMs: LookupTimeoutMs },
    );
  }

  /** The user's name; '' when identity cannot tell (a list then shows no name). */
  async userName(ctx: RequestContext, id: number): Promise<string> {
    try {
      return (await this.user(ctx, id)).name;
    } catch (err) {
      this.logger.warn({ err, userId: id }, 'user name lookup failed');
      return '';
    }
  }

  /**
   * Refuses a company whose plan lacks the flag (ERR_PLAN_FEATURE_DISABLED): the gateway checks the
   * token's flags too, but a plan changed since the login must not keep the feature open.
   */
  async requirePlanFlag(ctx: RequestContext, flag: PlanFlag): Promise<void> {
    const plan = await this.bus.request(
      Subjects.identity.planLimits,
      { ctx, data: { companyId: ctx.companyId } },
      { timeoutMs: LookupTimeoutMs },
    );
    if (!plan.flags[flag]) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
  }

  /**
   * The company's lgpdHideNumber, read with `shouldHideNumber`; '' when identity does not answer, which
   * masks (fail closed). `ctx` defaults to the company's own call (the sender, which has no caller).
   */
  async lgpdHideNumber(companyId: number, ctx?: RequestContext): Promise<string> {
    const caller = ctx ?? companyCall(companyId);
    try {
      const entry = await this.bus.request(
        Subjects.identity.companySettingOne,
        { ctx: caller, data: { key: 'lgpdHideNumber' } },
        { timeoutMs: LookupTimeoutMs },
      );
      return entry.value;
    } catch (err) {
      this.logger.warn({ err, companyId }, 'lgpdHideNumber lookup failed; numbers masked');
      return '';
    }
  }

  /** The company's own IANA time zone; the installation's (`fallback`) when it has none or identity is silent. */
  async timeZone(companyId: number, fallback: string): Promise<string> {
    try {
      const hours = await this.bus.request(
        Subjects.identity.companySchedulesGet,
        { ctx: companyCall(companyId), data: { id: companyId } },
        { timeoutMs: LookupTimeoutMs },
      );
      return usableTimeZone(hours.timeZone || fallback);
    } catch (err) {
      this.logger.warn({ err, companyId }, 'company time zone lookup failed; the default is used');
      return fallback;
    }
  }
}
