import { Injectable } from '@nestjs/common';
import { Subjects, type SettingEntry } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { requireCaller, requireCompanyCall } from '../users/user-rules.js';
import { SettingsService } from './settings.service.js';

@Injectable()
export class SettingsHandler {
  constructor(private readonly settings: SettingsService) {}

  @BusHandler(Subjects.identity.settingsList)
  list(_data: unknown, ctx: CallContext): Promise<SettingEntry[]> {
    return this.settings.list(requireCaller(ctx));
  }

  @BusHandler(Subjects.identity.settingsUpdate)
  update(data: unknown, ctx: CallContext): Promise<SettingEntry> {
    return this.settings.update(requireCaller(ctx), data);
  }

  @BusHandler(Subjects.identity.companySettingsList)
  companyList(data: unknown, ctx: CallContext): Promise<SettingEntry[]> {
    return this.settings.companyList(requireCompanyCall(ctx), data);
  }

  @BusHandler(Subjects.identity.companySettingOne)
  companyOne(data: unknown, ctx: CallContext): Promise<SettingEntry> {
    return this.settings.companyOne(requireCompanyCall(ctx), data);
  }
}
