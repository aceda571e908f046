import {
  BufferJSON,
  initAuthCreds,
  proto,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalDataSet,
  type SignalDataTypeMap,
} from '@whiskeysockets/baileys';
import type { AuthCipher } from './auth-cipher.js';
import type { WhatsappAuthRepository } from './baileys-auth.repository.js';

export type PostgresAuthStateOptions = {
  auth: WhatsappAuthRepository;
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
  const { auth, cipher, companyId, connectionId, epoch } = options;
  const stored = await auth.creds(connectionId);
  const creds: AuthenticationCreds = stored
    ? deserialise<AuthenticationCreds>(cipher, stored)
    : initAuthCreds();

  const state: AuthenticationState = {
    creds,
    keys: {
      get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
        const found: { [id: string]: SignalDataTypeMap[T] } = {};
        if (ids.length === 0) return found;
        for (const row of await auth.keys(connectionId, type, ids)) {
          let value: unknown = deserialise(cipher, row.value);
          if (type === 'app-state-sync-key' && value) {
            value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
          }
          found[row.id] = value as SignalDataTypeMap[T];
        }
        return found;
      },
      set: async (data: SignalDataSet) => {
        const keys = Object.entries(data).flatMap(([type, entries]) =>
          Object.entries(entries ?? {}).map(([id, value]) => ({
            type,
            id,
            value: value === null || value === undefined ? null : serialise(cipher, value),
          })),
        );
        await auth.writeKeys(companyId, connectionId, epoch, keys);
      },
      clear: () => auth.clear(connectionId, epoch),
    },
  };

  const saveCreds = (): Promise<void> =>
    auth.saveCreds(companyId, connectionId, epoch, () => serialise(cipher, state.creds));

  return { state, saveCreds };
}
