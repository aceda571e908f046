import { Injectable } from '@nestjs/common';
import {
  CompanySettingKeys,
  PlatformSettingKeys,
  SettingUpdateInput,
  isSettingKey,
  resolveSettings,
  SecretSettingKeys,
  type SettingEntry,
  type SettingsUpdatedEventData,
  type SettingKey,
  recordId,
  retentionDaysOf,
  Subjects,
  type CompanyRetention,
} from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import { Outbox, recordAudit } from '@sb/platform/outbox';
import { Transactions } from '@sb/platform/db';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { CompanySettingsRepository } from './company-settings.repository.js';
import { mayReadSetting, mayWriteSetting, type SettingsCaller } from './settings-access.js';
import { SettingsRepository } from './settings.repository.js';
import { BusHandler } from '@sb/platform/nest';
import { requireMember, requireCompanyCall } from '@sb/platform/context';

const CompanyIdInput = z.object({ companyId: recordId });
const KeyInput = z.object({ key: z.string().min(1).max(100) });

const entries = (keys: SettingKey[], values: Record<SettingKey, string>): SettingEntry[] =>
  keys.map((key) => ({ key, value: values[key] }));

@Injectable()
export class SettingsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly platform: SettingsRepository,
    private readonly companies: CompanySettingsRepository,
  ) {}

  /** GET /settings: the keys the caller may read, stored values over the defaults. */
  @BusHandler(Subjects.identity.settingsList, requireMember)
  async list(ctx: SettingsCaller): Promise<SettingEntry[]> {
    const values = await this.resolved(ctx.companyId);
    const keys = [...PlatformSettingKeys, ...CompanySettingKeys].filter((key) =>
      mayReadSetting(ctx, key),
    );
    return entries(keys, values);
  }

  /** GET /companySettings/:companyId: the company keys of one company (its admins, or the super user). */
  @BusHandler(Subjects.identity.companySettingsList, requireCompanyCall)
  async companyList(ctx: SettingsCaller, data: unknown): Promise<SettingEntry[]> {
    const { companyId } = parseInput(CompanyIdInput, data);
    if (companyId !== ctx.companyId && !ctx.super) throw new AppError('ERR_NO_COMPANY_FOUND');
    const values = resolveSettings(await this.companies.listForCompany(companyId));
    const reader = { ...ctx, companyId };
    return entries(
      CompanySettingKeys.filter((key) => mayReadSetting(reader, key)),
      values,
    );
  }

  /** GET /companySettingOne?column=: one key of the caller's company. */
  @BusHandler(Subjects.identity.companySettingOne, requireCompanyCall)
  async companyOne(ctx: SettingsCaller, data: unknown): Promise<SettingEntry> {
    const { key } = parseInput(KeyInput, data);
    if (!isSettingKey(key) || !CompanySettingKeys.includes(key)) {
      throw new AppError('ERR_NO_SETTING_FOUND');
    }
    if (!mayReadSetting(ctx, key)) throw new AppError('ERR_NO_PERMISSION');
    const values = resolveSettings(await this.companies.listForCompany(ctx.companyId));
    return { key, value: values[key] };
  }

  /**
   * The companies whose messages are kept a limited time, for tickets' retention job. Only another
   * service asks (its own context, userId 0): the gateway never forwards a call without a user.
   */
  @BusHandler(Subjects.identity.settingsRetentionList, requireCompanyCall)
  async retentionList(ctx: SettingsCaller): Promise<CompanyRetention[]> {
    if (ctx.userId !== 0) throw new AppError('ERR_NO_PERMISSION');
    const rows = await this.companies.valuesAcrossCompanies('messageRetentionDays');
    return rows.flatMap(({ companyId, value }) => {
      const days = retentionDaysOf(value);
      return days === null ? [] : [{ companyId, days }];
    });
  }

  /** PUT /settings/:key and PUT /companySettings: the value must be one the key allows. */
  @BusHandler(Subjects.identity.settingsUpdate, requireMember)
  async update(ctx: SettingsCaller, data: unknown): Promise<SettingEntry> {
    const { key, value } = parseInput(SettingUpdateInput, data);
    if (!mayWriteSetting(ctx, key)) throw new AppError('ERR_NO_PERMISSION');
    const platform = PlatformSettingKeys.includes(key);
    // a platform setting (super users) is nobody's row; a company setting is the company's
    const write = <T>(work: (manager: EntityManager) => Promise<T>) =>
      platform
        ? this.transactions.acrossCompanies(work)
        : this.transactions.inTenant(ctx.companyId, work);
    const before = (
      platform
        ? resolveSettings(await this.platform.list())
        : resolveSettings(await this.companies.listForCompany(ctx.companyId))
    )[key];
    return write(async (manager) => {
      if (platform) await this.platform.upsert(manager, key, value);
      else await this.companies.upsert(manager, ctx.companyId, key, value);
      const event: SettingsUpdatedEventData = {
        key,
        value,
        scope: platform ? 'platform' : 'company',
      };
      await Outbox.add(manager, {
        // platform-wide events use company 0
        companyId: platform ? 0 : ctx.companyId,
        service: 'identity',
        entity: 'settings',
        action: 'updated',
        data: event,
      });
      // platform settings are filed under the super user's own company
      await recordAudit(manager, 'identity', ctx, {
        action: 'update',
        entity: 'settings',
        entityId: key,
        before: { key, value: before, scope: event.scope },
        after: { key, value, scope: event.scope },
        secretValueOf: (record) => SecretSettingKeys.includes(record.key as SettingKey),
      });
      return { key, value };
    });
  }

  private async resolved(companyId: number) {
    const [platformRows, companyRows] = await Promise.all([
      this.platform.list(),
      this.companies.listForCompany(companyId),
    ]);
    const isPlatform = (key: string) => (PlatformSettingKeys as string[]).includes(key);
    return resolveSettings([
      ...platformRows.filter((row) => isPlatform(row.key)),
      ...companyRows.filter((row) => !isPlatform(row.key)),
    ]);
  }
}
