/**
 * Last heartbeat (`userStatus`) and connect time per user, in this gateway instance's memory. Identity
 * will own the `online` flag later; this only records what the sockets of this instance saw.
 */
export class UserPresence {
  private readonly lastSeenAt = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  touch(companyId: number, userId: number): void {
    this.lastSeenAt.set(`${companyId}:${userId}`, this.now());
  }

  lastSeen(companyId: number, userId: number): Date | undefined {
    const at = this.lastSeenAt.get(`${companyId}:${userId}`);
    return at === undefined ? undefined : new Date(at);
  }

  /** Users of a company seen within `withinMs`. */
  seenSince(companyId: number, withinMs: number): number[] {
    const since = this.now() - withinMs;
    const prefix = `${companyId}:`;
    const users: number[] = [];
    for (const [key, at] of this.lastSeenAt) {
      if (key.startsWith(prefix) && at >= since) users.push(Number(key.slice(prefix.length)));
    }
    return users;
  }

  /** Forgets users not seen for `olderThanMs` (keeps memory bounded on a long-running gateway). */
  prune(olderThanMs: number): void {
    const before = this.now() - olderThanMs;
    for (const [key, at] of this.lastSeenAt) if (at < before) this.lastSeenAt.delete(key);
  }
}
