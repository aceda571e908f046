import { RevokedSessions } from './revoked-sessions.service.js';

describe('RevokedSessions', () => {
  it('knows a revoked session until its tokens must have expired, then forgets it', () => {
    let now = 0;
    const revoked = new RevokedSessions(1_000, () => now);
    revoked.add('a');
    revoked.add('b', 5_000);
    expect(revoked.has('a')).toBe(true);
    expect(revoked.has('c')).toBe(false);
    now = 1_000;
    expect(revoked.has('a')).toBe(false);
    expect(revoked.has('b')).toBe(true);
    now = 5_000;
    revoked.prune();
    expect(revoked.size).toBe(0);
  });

  it('tells listeners once per newly revoked session', () => {
    const revoked = new RevokedSessions(1_000);
    const seen: string[] = [];
    const stop = revoked.onRevoked((id) => seen.push(id));
    revoked.add('a');
    revoked.add('a');
    revoked.add('b');
    stop();
    revoked.add('c');
    expect(seen).toEqual(['a', 'b']);
  });
});
