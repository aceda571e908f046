import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A sealed bot secret as stored: its table, row and column. */
export type SealedSecretRow = {
  table: 'prompts' | 'queue_integrations';
  column: 'api_key_sealed' | 'voice_key_sealed' | 'json_content';
  id: number;
  companyId: number;
  sealed: string;
};

const Columns = [
  { table: 'prompts', column: 'api_key_sealed' },
  { table: 'prompts', column: 'voice_key_sealed' },
  { table: 'queue_integrations', column: 'json_content' },
] as const;

/**
 * Maintenance SQL over every company: the sealed bot secrets not sealed with the current key (bare
 * base64 from before the keyring, or an older key id), and their rewrite. Table and column names come
 * from the constant list above, never from input.
 */
@Injectable()
export class BotSecretsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async notSealedWith(keyId: string): Promise<SealedSecretRow[]> {
    const found: SealedSecretRow[] = [];
    for (const { table, column } of Columns) {
      const rows: { id: number; company_id: number; sealed: string }[] =
        await this.dataSource.query(
          `SELECT id, company_id, ${column} AS sealed FROM ${table}
          WHERE ${column} IS NOT NULL AND ${column} <> '' AND ${column} NOT LIKE $1 ORDER BY id`,
          [`enc:v1:${keyId}:%`],
        );
      found.push(
        ...rows.map((row) => ({
          table,
          column,
          id: row.id,
          companyId: row.company_id,
          sealed: row.sealed,
        })),
      );
    }
    return found;
  }

  async rewrite(row: SealedSecretRow, sealed: string): Promise<void> {
    // compare-and-set: a save that raced the sweep keeps its own value
    await this.dataSource.query(
      `UPDATE ${row.table} SET ${row.column} = $4 WHERE company_id = $1 AND id = $2 AND ${row.column} = $3`,
      [row.companyId, row.id, row.sealed, sealed],
    );
  }
}
