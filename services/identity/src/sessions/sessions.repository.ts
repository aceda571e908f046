import { Injectable } from '@nestjs/common';
import { DataSource, IsNull, MoreThan, Not, type EntityManager } from 'typeorm';
import { RotatedToken } from './rotated-token.entity.js';
import { Session, type SessionRevokedReason } from './session.entity.js';

export type NewSession = Pick<
  Session,
  | 'id'
  | 'userId'
  | 'companyId'
  | 'currentTokenHash'
  | 'expiresAt'
  | 'accessExpiresAt'
  | 'ip'
  | 'userAgent'
>;

@Injectable()
export class SessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, session: NewSession): Promise<void> {
    await manager.getRepository(Session).insert(session);
  }

  /** The session whose current token has this hash, locked until the transaction ends. */
  async lockByCurrentTokenHash(manager: EntityManager, hash: string): Promise<Session | null> {
    return manager.getRepository(Session).findOne({
      where: { currentTokenHash: hash },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /**
   * The session a rotated-away token belonged to, locked until the transaction ends, with when the
   * token was rotated and whether it is the one the session's current token replaced.
   */
  async lockByRotatedTokenHash(
    manager: EntityManager,
    hash: string,
  ): Promise<{ session: Session; rotatedAt: Date; latest: boolean } | null> {
    const rotated = await manager.getRepository(RotatedToken).findOneBy({ tokenHash: hash });
    if (!rotated) return null;
    const session = await manager.getRepository(Session).findOne({
      where: { id: rotated.sessionId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!session) return null;
    const later = await manager.getRepository(RotatedToken).existsBy({
      sessionId: session.id,
      rotatedAt: MoreThan(rotated.rotatedAt),
    });
    return { session, rotatedAt: rotated.rotatedAt, latest: !later };
  }

  async lockOwnSession(
    manager: EntityManager,
    companyId: number,
    userId: number,
    sessionId: string,
  ): Promise<Session | null> {
    return manager.getRepository(Session).findOne({
      where: { id: sessionId, companyId, userId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Retires the current token (kept for reuse detection) and installs the next one. */
  async rotate(
    manager: EntityManager,
    session: Session,
    next: { tokenHash: string; expiresAt: Date; accessExpiresAt: Date },
    at: Date,
  ): Promise<void> {
    await manager
      .getRepository(RotatedToken)
      .insert({ tokenHash: session.currentTokenHash, sessionId: session.id, rotatedAt: at });
    await manager.getRepository(Session).update(
      { id: session.id },
      {
        currentTokenHash: next.tokenHash,
        expiresAt: next.expiresAt,
        accessExpiresAt: next.accessExpiresAt,
      },
    );
  }

  /** Revokes a live session; false when it was already revoked (nothing changed). */
  async revoke(
    manager: EntityManager,
    sessionId: string,
    reason: SessionRevokedReason,
    at: Date,
  ): Promise<boolean> {
    const result = await manager
      .getRepository(Session)
      .update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: at, revokedReason: reason });
    return (result.affected ?? 0) > 0;
  }

  /** Every live session of a user, locked until the transaction ends. */
  /** The live sessions of one user, or of a whole company when no user is given, locked for update. */
  async lockLiveSessions(
    manager: EntityManager,
    owner: { companyId: number; userId?: number },
  ): Promise<Session[]> {
    return manager.getRepository(Session).find({
      where: { ...owner, revokedAt: IsNull() },
      lock: { mode: 'pessimistic_write' },
    });
  }

  /** Revoked sessions that may still have a live access token. */
  async listRevokedWithLiveAccess(now: Date): Promise<Pick<Session, 'id' | 'accessExpiresAt'>[]> {
    return this.dataSource.getRepository(Session).find({
      select: { id: true, accessExpiresAt: true },
      where: { revokedAt: Not(IsNull()), accessExpiresAt: MoreThan(now) },
      order: { accessExpiresAt: 'ASC' },
    });
  }
}
