/**
 * Revoked session ids whose access tokens may still be unexpired. Fed by identity's
 * `session.revoked` events and loaded at boot from `identity.session.revoked-list`; entries are kept
 * until their access tokens must have expired (`retentionMs` when the expiry is unknown).
 */
export class RevokedSessions {
  private readonly sessions = new Map<string, number>();
  private readonly listeners = new Set<(sessionId: string) => void>();

  constructor(
    private readonly retentionMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  add(sessionId: string, expiresAt?: number): void {
    const until = expiresAt ?? this.now() + this.retentionMs;
    const known = this.sessions.get(sessionId);
    this.sessions.set(sessionId, Math.max(until, known ?? 0));
    if (known === undefined) for (const listener of this.listeners) listener(sessionId);
  }

  has(sessionId: string): boolean {
    const until = this.sessions.get(sessionId);
    if (until === undefined) return false;
    if (until <= this.now()) {
      this.sessions.delete(sessionId);
      return false;
    }
    return true;
  }

  /** Called once per newly revoked session (the socket server disconnects its sockets). */
  onRevoked(listener: (sessionId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  prune(): void {
    const now = this.now();
    for (const [sessionId, until] of this.sessions)
      if (until <= now) this.sessions.delete(sessionId);
  }

  get size(): number {
    return this.sessions.size;
  }
}
