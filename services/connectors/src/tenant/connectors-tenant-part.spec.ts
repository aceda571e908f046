import { secretKeyringFromEnv } from '@sb/platform/secrets';
import { AuthCipher, sessionEncryptionKey } from '../baileys/auth-cipher.js';
import { openCredentials, sealCredentials } from '../connections/connection-secrets.js';
import {
  openConnectorsSecrets,
  sealConnectorsSecrets,
  type ConnectorsKeys,
} from './connectors-tenant-part.js';

// A bundle carries connectors' secrets in clear (inside its own encryption): the export opens them
// with the source's keys, the import seals them with the target's, and they open there to the same.

const keysOf = (secret: string): ConnectorsKeys => {
  const env = { JWT_SECRET: secret };
  return {
    credentials: secretKeyringFromEnv(env, {
      salt: 'switchboard-connectors',
      info: 'channel-secrets/v1',
    }),
    authState: new AuthCipher(sessionEncryptionKey(env).key),
  };
};
const source = keysOf('the source installation');
const target = keysOf('the target installation');

// as row_to_json gives it and jsonb_populate_recordset reads it
const hex = (bytes: Buffer) => `\\x${bytes.toString('hex')}`;
const bytes = (text: unknown) => Buffer.from((text as string).slice(2), 'hex');

describe("connectors' part: secrets across installations", () => {
  it('opens channel credentials for the bundle and seals them with the target key', () => {
    const plain = { accessToken: 'EAAG-secret', phoneNumberId: '1055', appSecret: 'shh' };
    const stored = { id: 4, credentials: sealCredentials(plain, source.credentials) };

    const exported = openConnectorsSecrets('connections', stored, source);
    expect(exported.credentials).toEqual(plain);

    const imported = sealConnectorsSecrets('connections', exported, target);
    const sealed = imported.credentials as Record<string, string>;
    expect(sealed.phoneNumberId).toBe('1055');
    expect(sealed.accessToken).toMatch(/^enc:v1:/);
    expect(openCredentials(sealed, target.credentials)).toEqual(plain);
    expect(() => openCredentials(sealed, source.credentials)).toThrow();
  });

  it.each(['whatsapp_auth_creds', 'whatsapp_auth_keys'])(
    'carries the Baileys auth state of %s in clear, sealed again as bytea hex',
    (table) => {
      const state = JSON.stringify({ noiseKey: { private: { type: 'Buffer', data: 'AAEC' } } });
      const stored = { connection_id: 4, value: hex(source.authState.encrypt(state)) };

      const exported = openConnectorsSecrets(table, stored, source);
      expect(exported.value).toBe(state);

      const imported = sealConnectorsSecrets(table, exported, target);
      expect(imported.value).toMatch(/^\\x[0-9a-f]+$/);
      expect(target.authState.decrypt(bytes(imported.value))).toBe(state);
      expect(() => source.authState.decrypt(bytes(imported.value))).toThrow();
    },
  );

  it('leaves rows without secrets as they are', () => {
    const row = { id: 1, name: 'Sales', credentials: null };
    expect(openConnectorsSecrets('connections', row, source)).toEqual(row);
    expect(sealConnectorsSecrets('connection_queues', { queue_id: 2 }, target)).toEqual({
      queue_id: 2,
    });
  });
});
