import {
  codeMatches,
  decideVerify,
  hashResetCode,
  newResetCode,
  type ResetState,
} from './reset-code.js';

const now = new Date('2030-01-01T12:00:00Z');
const pending = (changes: Partial<ResetState> = {}): ResetState => ({
  userId: 7,
  attempts: 0,
  expiresAt: new Date(now.getTime() + 60_000),
  verifiedAt: null,
  usedAt: null,
  ...changes,
});

describe('reset codes', () => {
  it('are six digits', () => {
    for (let i = 0; i < 200; i++) expect(newResetCode()).toMatch(/^\d{6}$/);
  });

  it('are stored as a keyed hash that depends on the salt', () => {
    const hash = hashResetCode('key', 'salt-a', '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('123456');
    expect(hashResetCode('key', 'salt-b', '123456')).not.toBe(hash);
    expect(codeMatches('key', 'salt-a', '123456', hash)).toBe(true);
    expect(codeMatches('key', 'salt-a', '123457', hash)).toBe(false);
    expect(codeMatches('other', 'salt-a', '123456', hash)).toBe(false);
  });
});

describe('decideVerify', () => {
  it('verifies the right code of a pending request', () => {
    expect(decideVerify(pending(), true, now)).toEqual({ kind: 'verified' });
  });

  it('counts wrong codes and calls the third one exceeded', () => {
    expect(decideVerify(pending(), false, now)).toEqual({
      kind: 'wrong',
      attempts: 1,
      exceeded: false,
    });
    expect(decideVerify(pending({ attempts: 2 }), false, now)).toEqual({
      kind: 'wrong',
      attempts: 3,
      exceeded: true,
    });
  });

  it('refuses even the right code after 3 attempts', () => {
    expect(decideVerify(pending({ attempts: 3 }), true, now)).toEqual({ kind: 'exceeded' });
  });

  it('refuses expired, verified and used requests', () => {
    expect(decideVerify(pending({ expiresAt: now }), true, now)).toEqual({ kind: 'invalid' });
    expect(decideVerify(pending({ verifiedAt: now }), true, now)).toEqual({ kind: 'invalid' });
    expect(decideVerify(pending({ usedAt: now }), true, now)).toEqual({ kind: 'invalid' });
  });

  it('never verifies a request for a number without an account', () => {
    expect(decideVerify(pending({ userId: null }), true, now)).toEqual({
      kind: 'wrong',
      attempts: 1,
      exceeded: false,
    });
  });
});
