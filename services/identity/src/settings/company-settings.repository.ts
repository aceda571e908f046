import { Inject, Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import { SecretSettingKeys, type SettingKey } from '@sb/contracts';
import { ENV } from '@sb/platform/nest';
import { SecretKeyring, secretKeyringFromEnv } from '@sb/platform/secrets';
import { DataSource, Not, type EntityManager } from 'typeorm';
import { CompanySetting } from './company-setting.entity.js';

/** The key purpose of secret settings (the billing integrations' tokens). */
const SettingSecretsPurpose = { salt: 'switchboard-identity', info: 'setting-secrets/v1' };

const isSecret = (key: string) => SecretSettingKeys.includes(key as SettingKey);

/**
 * The company settings. Values of secret keys (asaas, ixc, mkauth tokens) are sealed at rest
 * (`enc:v1:<keyId>:`); plain values stored before that still read, and `resealSecrets` upgrades them.
 */
@Injectable()
export class CompanySettingsRepository {
  private ring: SecretKeyring | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
    @Inject(ENV) private readonly env: Record<string, string | undefined>,
  ) {}

  async listForCompany(
    companyId: number,
    within?: EntityManager,
  ): Promise<{ key: string; value: string }[]> {
    return this.transactions.read(
      companyId,
      async (manager) => {
        const rows = await manager.getRepository(CompanySetting).find({
          select: { key: true, value: true },
          where: { companyId },
          order: { key: 'ASC' },
        });
        return rows.map((row) => ({
          key: row.key,
          value: isSecret(row.key) && row.value ? this.keyring().openOrPlain(row.value) : row.value,
        }));
      },
      within,
    );
  }

  /** Every company's stored value of one key, except empty values (the companies that set it). */
  async valuesAcrossCompanies(key: string): Promise<{ companyId: number; value: string }[]> {
    return this.transactions.acrossCompanies(async (manager) => {
      const rows = await manager.getRepository(CompanySetting).find({
        select: { companyId: true, value: true },
        where: { key, value: Not('') },
        order: { companyId: 'ASC' },
      });
      return rows.map((row) => ({ companyId: row.companyId, value: row.value }));
    });
  }

  /** Inserts or replaces one key of one company ((company_id, key) is unique). */
  async upsert(
    manager: EntityManager,
    companyId: number,
    key: string,
    value: string,
  ): Promise<void> {
    const stored = isSecret(key) && value ? this.keyring().seal(value) : value;
    await manager
      .getRepository(CompanySetting)
      .upsert({ companyId, key, value: stored }, { conflictPaths: ['companyId', 'key'] });
  }

  /**
   * Maintenance, every company: seals the secret values stored in clear or with a retired key.
   * Returns how many rows changed.
   */
  async resealSecrets(): Promise<number> {
    const ring = this.keyring();
    const rows: { company_id: number; key: string; value: string }[] = await this.dataSource.query(
      `SELECT company_id, key, value FROM company_settings
        WHERE key = ANY($1) AND value <> '' AND value NOT LIKE $2`,
      [SecretSettingKeys, `enc:v1:${ring.currentId}:%`],
    );
    for (const row of rows) {
      await this.dataSource.query(
        'UPDATE company_settings SET value = $4 WHERE company_id = $1 AND key = $2 AND value = $3',
        [row.company_id, row.key, row.value, ring.reseal(row.value, 'plain')],
      );
    }
    return rows.length;
  }

  private keyring(): SecretKeyring {
    this.ring ??= secretKeyringFromEnv(this.env, SettingSecretsPurpose);
    return this.ring;
  }
}
