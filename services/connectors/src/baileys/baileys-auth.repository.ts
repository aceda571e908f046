import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { assertLeaseEpoch } from '../sessions/session-leases.repository.js';

/** One signal key as stored: sealed (encrypted), or null to delete it. */
export type SealedKey = { type: string; id: string; value: Buffer | null };

/**
 * A Baileys session's auth state (`whatsapp_auth_creds`, `whatsapp_auth_keys`), values already
 * sealed. Keyed by connection (a worker holds sessions of many companies); every write runs in one
 * transaction fenced by the writer's lease epoch.
 */
@Injectable()
export class WhatsappAuthRepository {
  constructor(private readonly dataSource: DataSource) {}

  async creds(connectionId: number): Promise<Buffer | null> {
    const rows = (await this.dataSource.query(
      `SELECT value FROM whatsapp_auth_creds WHERE connection_id = $1`,
      [connectionId],
    )) as { value: Buffer }[];
    return rows[0]?.value ?? null;
  }

  keys(
    connectionId: number,
    type: string,
    ids: string[],
  ): Promise<{ id: string; value: Buffer }[]> {
    return this.dataSource.query(
      `SELECT id, value FROM whatsapp_auth_keys
       WHERE connection_id = $1 AND type = $2 AND id = ANY($3::varchar[])`,
      [connectionId, type, ids],
    );
  }

  /** Writes and deletes keys, in order, in one fenced transaction. */
  async writeKeys(
    companyId: number,
    connectionId: number,
    epoch: bigint,
    keys: SealedKey[],
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await assertLeaseEpoch(manager, connectionId, epoch);
      for (const { type, id, value } of keys) {
        if (value === null) {
          await manager.query(
            `DELETE FROM whatsapp_auth_keys WHERE connection_id = $1 AND type = $2 AND id = $3`,
            [connectionId, type, id],
          );
        } else {
          await manager.query(
            `INSERT INTO whatsapp_auth_keys (connection_id, company_id, type, id, value)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (connection_id, type, id) DO UPDATE SET value = EXCLUDED.value`,
            [connectionId, companyId, type, id, value],
          );
        }
      }
    });
  }

  async saveCreds(
    companyId: number,
    connectionId: number,
    epoch: bigint,
    sealed: () => Buffer,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await assertLeaseEpoch(manager, connectionId, epoch);
      await manager.query(
        `INSERT INTO whatsapp_auth_creds (connection_id, company_id, value, updated_at)
         VALUES ($1, $2, $3, now())
         ON CONFLICT (connection_id) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [connectionId, companyId, sealed()],
      );
    });
  }

  /**
   * Forgets the pairing (logout): creds, keys and what the phone reported about its contacts (another
   * phone may pair next) go in one fenced transaction.
   */
  async clear(connectionId: number, epoch: bigint): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await assertLeaseEpoch(manager, connectionId, epoch);
      await manager.query(`DELETE FROM whatsapp_auth_keys WHERE connection_id = $1`, [
        connectionId,
      ]);
      await manager.query(`DELETE FROM whatsapp_auth_creds WHERE connection_id = $1`, [
        connectionId,
      ]);
      await manager.query(`DELETE FROM whatsapp_phone_contacts WHERE connection_id = $1`, [
        connectionId,
      ]);
    });
  }
}
