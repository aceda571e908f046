/** How often one user's heartbeat is forwarded to identity (its 6-minute online window needs less). */
export const PresenceReportIntervalMs = 60_000;

/**
 * Last heartbeat (`userStatus`) and connect time per user, in this gateway instance's memory. Identity
 * owns the `online` flag; `touch` says when a heartbeat is due to be forwarded to it.
 */
export class UserPresence {
  private readonly lastSeenAt = new Map<string, number>();
  private readonly lastReportedAt = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Records a heartbeat; true when identity has not heard of this user for a reporting interval. */
  touch(companyId: number, userId: number): boolean {
    const key = `${companyId}:${userId}`;
    const now = this.now();
    this.lastSeenAt.set(key, now);
    const reported = this.lastReportedAt.get(key);
    if (reported !== undefined && now - reported < PresenceReportIntervalMs) return false;
    this.lastReportedAt.set(key, now);
    return true;
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
    for (const [key, at] of this.lastReportedAt) if (at < before) this.lastReportedAt.delete(key);
  }
}
