import { createMediaSigner, dailySignedPath, mediaSigningSecret } from './media-signing.js';

const env = { JWT_SECRET: 'a-jwt-secret-of-enough-length-for-tests' };

describe('mediaSigningSecret', () => {
  it('is MEDIA_SIGNING_SECRET when set, else a key derived from JWT_SECRET', () => {
    expect(mediaSigningSecret({ ...env, MEDIA_SIGNING_SECRET: ' explicit ' })).toBe('explicit');
    const derived = mediaSigningSecret(env);
    expect(derived).not.toContain(env.JWT_SECRET);
    expect(derived).toBe(mediaSigningSecret({ ...env }));
  });
});

describe('dailySignedPath', () => {
  const signer = createMediaSigner(env);

  it('signs a key with an expiry on a day boundary 1 to 2 days ahead', () => {
    const path = dailySignedPath(signer, 'company-1/pic.png')!;
    const url = new URL(path, 'http://x');
    const exp = Number(url.searchParams.get('exp'));
    const now = Date.now() / 1000;
    expect(url.pathname).toBe('/media/company-1/pic.png');
    expect(exp % (24 * 3600)).toBe(0);
    expect(exp - now).toBeGreaterThan(24 * 3600 - 1);
    expect(exp - now).toBeLessThanOrEqual(2 * 24 * 3600);
    expect(signer.verify('company-1/pic.png', exp, url.searchParams.get('sig') ?? '')).toBe(true);
  });

  it('is null for no key or a key the signer refuses', () => {
    expect(dailySignedPath(signer, null)).toBeNull();
    expect(dailySignedPath(signer, '../outside')).toBeNull();
  });
});
