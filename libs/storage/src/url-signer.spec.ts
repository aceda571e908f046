import { createUrlSigner } from './url-signer.js';
import { InvalidObjectKeyError, StorageConfigError } from './storage.errors.js';

const secret = 'unit-secret-0123456789abcdef0123456789';
const key = 'company-2/messages/0f0e-photo.jpg';

describe('createUrlSigner', () => {
  let now = Date.UTC(2031, 5, 1, 12);
  const signer = createUrlSigner({ secret, now: () => now });

  beforeEach(() => {
    now = Date.UTC(2031, 5, 1, 12);
  });

  it('verifies its own signature for the same key until it expires', () => {
    const { exp, sig } = signer.sign(key, 300);
    expect(exp).toBe(Math.floor(now / 1000) + 300);
    expect(signer.verify(key, exp, sig)).toBe(true);
    expect(signer.verify(key, String(exp), sig)).toBe(true);
    now = exp * 1000 - 1;
    expect(signer.verify(key, exp, sig)).toBe(true);
    now = exp * 1000;
    expect(signer.verify(key, exp, sig)).toBe(false);
  });

  it('refuses another key, a moved expiry, a changed signature or another secret', () => {
    const { exp, sig } = signer.sign(key, 300);
    expect(signer.verify('company-3/messages/0f0e-photo.jpg', exp, sig)).toBe(false);
    expect(signer.verify(key, exp + 3600, sig)).toBe(false);
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(signer.verify(key, exp, flipped)).toBe(false);
    const other = createUrlSigner({ secret: `${secret}-other`, now: () => now });
    expect(other.verify(key, exp, sig)).toBe(false);
  });

  it('refuses missing or malformed parameters without throwing', () => {
    const { exp, sig } = signer.sign(key, 300);
    expect(signer.verify(key, undefined, sig)).toBe(false);
    expect(signer.verify(key, exp, undefined)).toBe(false);
    expect(signer.verify(key, `${exp}.5`, sig)).toBe(false);
    expect(signer.verify(key, '-1', sig)).toBe(false);
    expect(signer.verify(key, exp, `${sig}=`)).toBe(false);
    expect(signer.verify(key, exp, sig.slice(1))).toBe(false);
    expect(signer.verify('../company-2/x', exp, sig)).toBe(false);
  });

  it('builds gateway paths under its base path', () => {
    const custom = createUrlSigner({ secret, basePath: '/api/files/', now: () => now });
    const url = new URL(custom.signedPath(key, 60), 'http://x.test');
    expect(url.pathname).toBe(`/api/files/${key}`);
    expect(
      custom.verify(key, url.searchParams.get('exp') ?? '', url.searchParams.get('sig') ?? ''),
    ).toBe(true);
  });

  it('refuses bad expiries, bad keys and short secrets', () => {
    expect(() => signer.sign(key, 0)).toThrow(RangeError);
    expect(() => signer.sign(key, 1.5)).toThrow(RangeError);
    expect(() => signer.sign(key, 8 * 24 * 3600)).toThrow(RangeError);
    expect(() => signer.sign('../etc/passwd', 60)).toThrow(InvalidObjectKeyError);
    expect(() => createUrlSigner({ secret: 'short' })).toThrow(StorageConfigError);
  });
});
