import { randomBytes } from 'node:crypto';
import { DefaultKeyId, SecretKeyring, secretKeyringFromEnv } from './secret-keyring.js';
import { encryptionKey, SecretBox } from './secret-box.js';

const purpose = { salt: 'test', info: 'secrets/v1' };
const hex = () => randomBytes(32).toString('hex');

describe('SecretKeyring', () => {
  it('seals with a versioned prefix naming the current key, and opens it again', () => {
    const ring = new SecretKeyring([{ id: 'k1', key: randomBytes(32) }]);
    const sealed = ring.seal('sk-proj-1234567890');
    expect(sealed).toMatch(/^enc:v1:k1:[A-Za-z0-9+/]+=*$/);
    expect(sealed).not.toContain('sk-proj');
    expect(ring.open(sealed)).toBe('sk-proj-1234567890');
  });

  it('opens values sealed with an older key after rotation, and reseals them with the new one', () => {
    const oldKey = randomBytes(32);
    const before = new SecretKeyring([{ id: 'k1', key: oldKey }]);
    const sealed = before.seal('page-token');
    const after = new SecretKeyring([
      { id: 'k2', key: randomBytes(32) },
      { id: 'k1', key: oldKey },
    ]);
    expect(after.open(sealed)).toBe('page-token');
    const resealed = after.reseal(sealed, 'plain');
    expect(resealed).toMatch(/^enc:v1:k2:/);
    expect(after.open(resealed!)).toBe('page-token');
    expect(after.reseal(resealed!, 'plain')).toBeUndefined();
    // once the old key is dropped, only the resealed value opens
    const onlyNew = new SecretKeyring([{ id: 'k2', key: Buffer.alloc(32, 1) }]);
    expect(() => onlyNew.open(sealed)).toThrow(/unknown secret key id "k1"/);
  });

  it('refuses a value sealed with another key under the same id (tampered or wrong key)', () => {
    const a = new SecretKeyring([{ id: 'k1', key: randomBytes(32) }]);
    const b = new SecretKeyring([{ id: 'k1', key: randomBytes(32) }]);
    expect(() => b.open(a.seal('x'))).toThrow();
  });

  it('reads plain text from rows older than encryption and upgrades it', () => {
    const ring = new SecretKeyring([{ id: 'k1', key: randomBytes(32) }]);
    expect(ring.openOrPlain('EAAB-plain-token')).toBe('EAAB-plain-token');
    const sealed = ring.reseal('EAAB-plain-token', 'plain');
    expect(sealed).toMatch(/^enc:v1:k1:/);
    expect(ring.openOrPlain(sealed!)).toBe('EAAB-plain-token');
  });

  it('opens bare base64 sealed by the pre-keyring box with the default key', () => {
    const env = { JWT_SECRET: 'jwt-secret' };
    const legacy = new SecretBox(encryptionKey(env, purpose).key).encryptText('dialogflow-key');
    const ring = secretKeyringFromEnv({ ...env, SECRETS_KEYS: `k9:${hex()}` }, purpose);
    expect(ring.currentId).toBe('k9');
    expect(ring.open(legacy)).toBe('dialogflow-key');
    expect(ring.reseal(legacy, 'base64')).toMatch(/^enc:v1:k9:/);
  });
});

describe('secretKeyringFromEnv', () => {
  it('seals with the default key when SECRETS_KEYS is unset', () => {
    const ring = secretKeyringFromEnv({ SESSION_ENCRYPTION_KEY: hex() }, purpose);
    expect(ring.currentId).toBe(DefaultKeyId);
    expect(ring.seal('x')).toMatch(/^enc:v1:0:/);
  });

  it('takes the first SECRETS_KEYS entry as current and keeps the others for opening', () => {
    const k1 = hex();
    const env = { JWT_SECRET: 's', SECRETS_KEYS: `k1:${k1}` };
    const sealedWithK1 = secretKeyringFromEnv(env, purpose).seal('v');
    const rotated = secretKeyringFromEnv(
      { ...env, SECRETS_KEYS: `k2:${hex()}, k1:${k1}` },
      purpose,
    );
    expect(rotated.currentId).toBe('k2');
    expect(rotated.open(sealedWithK1)).toBe('v');
  });

  it('refuses malformed entries and the reserved id', () => {
    expect(() => secretKeyringFromEnv({ SECRETS_KEYS: 'nokey' }, purpose)).toThrow(/<id>:<key>/);
    expect(() => secretKeyringFromEnv({ SECRETS_KEYS: `0:${hex()}` }, purpose)).toThrow(/"0"/);
    expect(() => secretKeyringFromEnv({}, purpose)).toThrow(/at least one key/);
  });
});
