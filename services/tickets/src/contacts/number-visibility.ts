import { Inject, Injectable } from '@nestjs/common';
import {
  Subjects,
  maskContactNumber,
  type CompanySettingOneRequest,
  type RequestContext,
  type SettingEntry,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { BUS } from '@sb/platform/nest';

/**
 * lgpdHideNumber (spec 1 §5, spec 2 §6): profile user sees contact numbers masked, groups excepted. The
 * setting lives in identity; it is read per call so a change applies at once.
 */
@Injectable()
export class NumberVisibility {
  constructor(@Inject(BUS) private readonly bus: Bus) {}

  /** company: the setting is on (socket events are masked); caller: this caller sees masked numbers. */
  async of(ctx: RequestContext): Promise<{ company: boolean; caller: boolean }> {
    const company = (await this.settingValue(ctx)) === 'enabled';
    return { company, caller: company && ctx.profile === 'user' };
  }

  /** Whether numbers must be masked for this caller (only the user profile is ever masked). */
  async masksFor(ctx: RequestContext): Promise<boolean> {
    if (ctx.profile !== 'user') return false;
    return (await this.of(ctx)).caller;
  }

  mask(number: string, isGroup: boolean, hide: boolean): string {
    return hide ? maskContactNumber(number, isGroup) : number;
  }

  private async settingValue(ctx: RequestContext): Promise<string> {
    const data: CompanySettingOneRequest = { key: 'lgpdHideNumber' };
    try {
      const entry = await this.bus.request<SettingEntry>(Subjects.identity.companySettingOne, {
        ctx,
        data,
      });
      return entry.value;
    } catch (err) {
      // identity not answering must not hide a setting that protects numbers: fail closed for users
      if ((err as { code?: string }).code === 'ERR_SERVICE_UNAVAILABLE') return 'enabled';
      throw err;
    }
  }
}
