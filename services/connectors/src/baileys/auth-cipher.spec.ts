import { BufferJSON, initAuthCreds } from '@whiskeysockets/baileys';
import { AuthCipher, sessionEncryptionKey } from './auth-cipher.js';

describe('AuthCipher', () => {
  const cipher = new AuthCipher(sessionEncryptionKey({ JWT_SECRET: 'secret' }).key);

  it('round-trips Baileys creds with their buffers', () => {
    const creds = initAuthCreds();
    const sealed = cipher.encrypt(JSON.stringify(creds, BufferJSON.replacer));
    expect(sealed.toString('utf8')).not.toContain('noiseKey');
    const back = JSON.parse(cipher.decrypt(sealed), BufferJSON.reviver) as typeof creds;
    expect(Buffer.from(back.noiseKey.private).equals(Buffer.from(creds.noiseKey.private))).toBe(
      true,
    );
    expect(back.registrationId).toBe(creds.registrationId);
  });

  it('uses a fresh iv every time and refuses tampered data', () => {
    const a = cipher.encrypt('same');
    const b = cipher.encrypt('same');
    expect(a.equals(b)).toBe(false);
    a[a.length - 1] ^= 1;
    expect(() => cipher.decrypt(a)).toThrow();
  });

  it('refuses another key', () => {
    const other = new AuthCipher(sessionEncryptionKey({ JWT_SECRET: 'other' }).key);
    expect(() => other.decrypt(cipher.encrypt('x'))).toThrow();
  });
});

describe('sessionEncryptionKey', () => {
  it('prefers SESSION_ENCRYPTION_KEY (hex, base64 or any text) over JWT_SECRET', () => {
    const hex = 'ab'.repeat(32);
    expect(sessionEncryptionKey({ SESSION_ENCRYPTION_KEY: hex, JWT_SECRET: 'x' })).toEqual({
      key: Buffer.from(hex, 'hex'),
      source: 'SESSION_ENCRYPTION_KEY',
    });
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(sessionEncryptionKey({ SESSION_ENCRYPTION_KEY: base64 }).key).toEqual(
      Buffer.alloc(32, 7),
    );
    expect(sessionEncryptionKey({ SESSION_ENCRYPTION_KEY: 'a passphrase' }).key).toHaveLength(32);
  });

  it('derives a stable key from JWT_SECRET when no key is set, and says so', () => {
    const first = sessionEncryptionKey({ JWT_SECRET: 'jwt' });
    expect(first.source).toBe('JWT_SECRET');
    expect(first.key.equals(sessionEncryptionKey({ JWT_SECRET: 'jwt' }).key)).toBe(true);
    expect(first.key.equals(Buffer.from('jwt'))).toBe(false);
  });

  it('fails without any secret', () => {
    expect(() => sessionEncryptionKey({})).toThrow(/SESSION_ENCRYPTION_KEY/);
  });
});
