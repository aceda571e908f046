import { Inject, Injectable } from '@nestjs/common';
import type { RevokedSessionsReply, SessionEventData } from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { Outbox } from '@sb/platform/outbox';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { Transactions } from '@sb/platform/db';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity-config.js';
import { decideRefresh, type RefreshTokenLookup } from './refresh-rotation.js';
import { hashRefreshToken, newRefreshToken } from './refresh-token.js';
import type { Session, SessionRevokedReason } from './session.entity.js';
import { SessionsRepository } from './sessions.repository.js';

export type OpenedSession = { sessionId: string; refreshToken: string; refreshExpiresAt: Date };
export type RotatedSession = OpenedSession & { userId: number; companyId: number };

type RotationOutcome = { kind: 'rotated'; session: RotatedSession } | { kind: 'rejected' };

@Injectable()
export class SessionsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly sessions: SessionsRepository,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  private accessExpiry(now: Date): Date {
    return new Date(now.getTime() + this.config.accessTokenTtlSeconds * 1000);
  }

  /** Starts a refresh-token family for a login, inside the login's transaction. */
  async open(
    manager: EntityManager,
    owner: { userId: number; companyId: number; ip?: string; userAgent?: string },
    now: Date,
  ): Promise<OpenedSession> {
    const refreshToken = newRefreshToken();
    const session = {
      id: randomUUID(),
      userId: owner.userId,
      companyId: owner.companyId,
      currentTokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(now.getTime() + this.config.refreshTokenTtlMs),
      accessExpiresAt: this.accessExpiry(now),
      ip: owner.ip?.slice(0, 64) ?? null,
      userAgent: owner.userAgent?.slice(0, 500) ?? null,
    };
    await this.sessions.insert(manager, session);
    await this.addSessionEvent(manager, 'created', session);
    return { sessionId: session.id, refreshToken, refreshExpiresAt: session.expiresAt };
  }

  /**
   * Trades a refresh token for the next one. A token rotated away earlier revokes the whole family
   * (committed before answering 401), so whoever stole it and whoever still holds it are both out.
   */
  async rotate(
    refreshToken: string,
    now: Date,
    admit?: (
      session: { companyId: number; userId: number },
      manager: EntityManager,
    ) => Promise<void>,
  ): Promise<RotatedSession> {
    const hash = hashRefreshToken(refreshToken);
    const outcome = await this.transactions.acrossCompanies(
      async (manager): Promise<RotationOutcome> => {
        const current = await this.sessions.lockByCurrentTokenHash(manager, hash);
        const rotated = current ? null : await this.sessions.lockByRotatedTokenHash(manager, hash);
        const session = current ?? rotated?.session;
        const lookup: RefreshTokenLookup = current
          ? { kind: 'current', revokedAt: current.revokedAt, expiresAt: current.expiresAt }
          : rotated
            ? {
                kind: 'rotated',
                revokedAt: rotated.session.revokedAt,
                expiresAt: rotated.session.expiresAt,
                rotatedAt: rotated.rotatedAt,
                latest: rotated.latest,
              }
            : { kind: 'unknown' };
        switch (decideRefresh(lookup, now)) {
          case 'reject':
            return { kind: 'rejected' };
          case 'revoke-family':
            await this.revokeLocked(manager, session!, 'reuse', now);
            return { kind: 'rejected' };
          case 'rotate': {
            // a refusal here (a fenced company) rolls back: the refresh token stays good for later
            await admit?.(session!, manager);
            const next = newRefreshToken();
            const expiresAt = new Date(now.getTime() + this.config.refreshTokenTtlMs);
            await this.sessions.rotate(
              manager,
              session!,
              {
                tokenHash: hashRefreshToken(next),
                expiresAt,
                accessExpiresAt: this.accessExpiry(now),
              },
              now,
            );
            return {
              kind: 'rotated',
              session: {
                sessionId: session!.id,
                userId: session!.userId,
                companyId: session!.companyId,
                refreshToken: next,
                refreshExpiresAt: expiresAt,
              },
            };
          }
        }
      },
    );
    if (outcome.kind === 'rejected') throw new AppError('ERR_INVALID_TOKEN');
    return outcome.session;
  }

  /**
   * Logout: revokes the caller's session, named by id (from the access token) or by its refresh token.
   * Revoking twice is not an error.
   */
  async revoke(
    owner: { companyId: number; userId: number },
    target: { sessionId?: string; refreshToken?: string },
    now: Date,
  ): Promise<void> {
    const work = async (manager: EntityManager) => {
      const session = await this.findToRevoke(manager, owner, target);
      if (session) await this.revokeLocked(manager, session, 'logout', now);
    };
    // a logout with only its refresh token (expired access token) has no company yet: the token finds it
    await (owner.companyId > 0
      ? this.transactions.inTenant(owner.companyId, work)
      : this.transactions.acrossCompanies(work));
  }

  private async findToRevoke(
    manager: EntityManager,
    owner: { companyId: number; userId: number },
    target: { sessionId?: string; refreshToken?: string },
  ): Promise<Session | null> {
    if (target.sessionId && owner.userId > 0) {
      const own = await this.sessions.lockOwnSession(
        manager,
        owner.companyId,
        owner.userId,
        target.sessionId,
      );
      if (own) return own;
    }
    // holding the current refresh token proves the session is the caller's
    if (target.refreshToken) {
      return this.sessions.lockByCurrentTokenHash(manager, hashRefreshToken(target.refreshToken));
    }
    return null;
  }

  /**
   * Revokes every live session of a user (password changed), inside the caller's transaction; each
   * gets its session.revoked event so gateways drop the access tokens at once.
   */
  /** Revokes every live session of a user, or of a whole company, each with its revoked event. */
  async revokeAll(
    manager: EntityManager,
    owner: { companyId: number; userId?: number },
    reason: SessionRevokedReason,
    now: Date,
  ): Promise<number> {
    const live = await this.sessions.lockLiveSessions(manager, owner);
    for (const session of live) await this.revokeLocked(manager, session, reason, now);
    return live.length;
  }

  async revokedList(now: Date): Promise<RevokedSessionsReply> {
    const rows = await this.sessions.listRevokedWithLiveAccess(now);
    return {
      sessions: rows.map((row) => ({
        sessionId: row.id,
        expiresAt: row.accessExpiresAt.toISOString(),
      })),
    };
  }

  private async revokeLocked(
    manager: EntityManager,
    session: Session,
    reason: SessionRevokedReason,
    now: Date,
  ): Promise<void> {
    if (await this.sessions.revoke(manager, session.id, reason, now)) {
      await this.addSessionEvent(manager, 'revoked', session);
    }
  }

  private async addSessionEvent(
    manager: EntityManager,
    action: 'created' | 'revoked',
    session: Pick<Session, 'id' | 'userId' | 'companyId'>,
  ): Promise<void> {
    const data: SessionEventData = { sessionId: session.id, userId: session.userId };
    await Outbox.add(manager, {
      companyId: session.companyId,
      service: 'identity',
      entity: 'session',
      action,
      data,
    });
  }
}
