import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from '@whiskeysockets/baileys';
import type { DataSource } from 'typeorm';
import { assertLeaseEpoch } from '../sessions/lease-manager.js';
import type { AuthCipher } from './auth-cipher.js';

export type PostgresAuthStateOptions = {
  dataSource: DataSource;
  cipher: AuthCipher;
  companyId: number;
  connectionId: number;
  /** the lease epoch of the writer: writes are refused once another worker holds a newer one */
  epoch: bigint;
};

export type PostgresAuthState = {
  state: AuthenticationState;
  saveCreds: () => Promise<void>;
};

const serialise = (cipher: AuthCipher, value: unknown): Buffer =>
  cipher.encrypt(JSON.stringify(value, BufferJSON.replacer));

const deserialise = <T>(cipher: AuthCipher, sealed: Buffer): T =>
  JSON.parse(cipher.decrypt(sealed), BufferJSON.reviver) as T;

/**
 * Baileys' AuthenticationState on Postgres, in the shape of useMultiFileAuthState: creds in one row, each
 * signal key in a row of its own, values encrypted, every write in one transaction fenced by the lease epoch.
 */
export async function usePostgresAuthState(
  options: PostgresAuthStateOptions,
): Promise<PostgresAuthState> {
  const { dataSource, cipher, companyId, connectionId, epoch } = options;
  const rows = (await dataSource.query(
    `SELECT value FROM whatsapp_auth_creds WHERE connection_id = $1`,
    [connectionId],
  )) as { value: Buffer }[];
  const creds: AuthenticationCreds = rows[0]
    ? deserialise<AuthenticationCreds>(cipher, rows[0].value)
    : initAuthCreds();

  const state: AuthenticationState = {
    creds,
    keys: {
      get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
        const found: { [id: string]: SignalDataTypeMap[T] } = {};
        if (ids.length === 0) return found;
        const stored = (await dataSource.query(
          `SELECT id, value FROM whatsapp_auth_keys
           WHERE connection_id = $1 AND type = $2 AND id = ANY($3::varchar[])`,
          [connectionId, type, ids],
        )) as { id: string; value: Buffer }[];
        for (const row of stored) {
          let value: unknown = deserialise(cipher, row.value);
          if (type === 'app-state-sync-key' && value) {
            value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
          }
          found[row.id] = value as SignalDataTypeMap[T];
        }
        return found;
      },
      set: async (data: SignalDataSet) => {
        await dataSource.transaction(async (manager) => {
          await assertLeaseEpoch(manager, connectionId, epoch);
          for (const [type, entries] of Object.entries(data)) {
            for (const [id, value] of Object.entries(entries ?? {})) {
              if (value === null || value === undefined) {
                await manager.query(
                  `DELETE FROM whatsapp_auth_keys WHERE connection_id = $1 AND type = $2 AND id = $3`,
                  [connectionId, type, id],
                );
              } else {
                await manager.query(
                  `INSERT INTO whatsapp_auth_keys (connection_id, company_id, type, id, value)
                   VALUES ($1, $2, $3, $4, $5)
                   ON CONFLICT (connection_id, type, id) DO UPDATE SET value = EXCLUDED.value`,
                  [connectionId, companyId, type, id, serialise(cipher, value)],
                );
              }
            }
          }
        });
      },
      clear: () => clearAuthState(dataSource, connectionId, epoch),
    },
  };

  const saveCreds = (): Promise<void> =>
    dataSource.transaction(async (manager) => {
      await assertLeaseEpoch(manager, connectionId, epoch);
      await manager.query(
        `INSERT INTO whatsapp_auth_creds (connection_id, company_id, value, updated_at)
         VALUES ($1, $2, $3, now())
         ON CONFLICT (connection_id) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [connectionId, companyId, serialise(cipher, state.creds)],
      );
    });

  return { state, saveCreds };
}

/**
 * Forgets the pairing (logout): creds, keys and what the phone reported about its contacts (another phone
 * may pair next) go in one fenced transaction.
 */
export async function clearAuthState(
  dataSource: DataSource,
  connectionId: number,
  epoch: bigint,
): Promise<void> {
  await dataSource.transaction(async (manager) => {
    await assertLeaseEpoch(manager, connectionId, epoch);
    await manager.query(`DELETE FROM whatsapp_auth_keys WHERE connection_id = $1`, [connectionId]);
    await manager.query(`DELETE FROM whatsapp_auth_creds WHERE connection_id = $1`, [connectionId]);
    await manager.query(`DELETE FROM whatsapp_phone_contacts WHERE connection_id = $1`, [
      connectionId,
    ]);
  });
}
