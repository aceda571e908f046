import { z } from 'zod';
import { isSettingKey, type SettingKey } from './setting-definitions.js';

/** One resolved setting as the API answers it. */
export type SettingEntry = { key: SettingKey; value: string };

/** GET /settings answer: platform keys (super only) and the caller's company keys, defaults filled in. */
export type SettingsList = SettingEntry[];

/**
 * GET /companySettings/:companyId and GET /companySettingOne answers: one property per setting
 * (`{ scheduleType: 'queue', … }`, or `{ [column]: value }`), as the family's clients read the
 * company's settings row.
 */
export type CompanySettingsObject = Partial<Record<SettingKey, string>>;

/** GET /companySettingOne?column= query. */
export const CompanySettingOneQuery = z.object({
  column: z.string().refine(isSettingKey, 'Unknown setting'),
});

/** PUT /companySettings body (the reference's wire names: column and data). */
export const CompanySettingUpdateInput = z.object({ column: z.string(), data: z.string() });
export type CompanySettingUpdateInput = z.infer<typeof CompanySettingUpdateInput>;

/** Keys whose value only admins may read (billing integration tokens). */
export const SecretSettingKeys: readonly SettingKey[] = ['asaas', 'ixc', 'mkauth'];

/** identity.settings.update (PUT /settings/:key and PUT /companySettings) */
export type SettingUpdateRequest = { key: string; value: string };
/** identity.settings.company-list */
export type CompanySettingsRequest = { companyId: number };
/** identity.settings.company-one */
export type CompanySettingOneRequest = { key: string };

/** identity.settings.retention-list: a company whose messages are kept `days` days. */
export type CompanyRetention = { companyId: number; days: number };

/** evt.<cid>.identity.settings.updated (companyId 0 for platform settings) */
export type SettingsUpdatedEventData = {
  key: SettingKey;
  value: string;
  scope: 'platform' | 'company';
};
