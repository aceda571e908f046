import { Subjects, type SessionEventData } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { anonymousContext } from '@sb/platform/context';
import type { Logger } from '@sb/platform/logger';
import { loadUntilAnswered } from './load-until-answered.js';
import type { RevokedSessions } from './revoked-sessions.service.js';

export type RevokedSessionSyncOptions = {
  bus: Bus;
  revoked: RevokedSessions;
  logger: Logger;
  /** first retry delay when identity does not answer yet; doubles up to `maxRetryMs` */
  retryMs?: number;
  maxRetryMs?: number;
  requestTimeoutMs?: number;
};

export type RevokedSessionSync = {
  /** resolves once the boot list was loaded (never rejects; retries until stopped) */
  loaded: Promise<void>;
  stop(): Promise<void>;
};

/**
 * Keeps the revoked-session set current: live `evt.*.identity.session.revoked` events, plus the list of
 * revoked-but-unexpired sessions asked from identity at boot, retried until identity answers.
 */
export const startRevokedSessionSync = async (
  options: RevokedSessionSyncOptions,
): Promise<RevokedSessionSync> => {
  const { bus, revoked, logger } = options;
  const subscription = await bus.subscribe<SessionEventData>(
    'evt.*.identity.session.revoked',
    (event) => {
      if (typeof event.data?.sessionId === 'string') revoked.add(event.data.sessionId);
    },
  );
  const pruneTimer = setInterval(() => revoked.prune(), 60_000);
  pruneTimer.unref();
  const loading = loadUntilAnswered({
    what: 'revoked sessions',
    logger,
    retryMs: options.retryMs,
    maxRetryMs: options.maxRetryMs,
    load: async () => {
      const reply = await bus.request(
        Subjects.identity.revokedSessions,
        { ctx: anonymousContext(), data: {} },
        { timeoutMs: options.requestTimeoutMs ?? 5_000 },
      );
      for (const { sessionId, expiresAt } of reply.sessions) {
        const until = Date.parse(expiresAt);
        revoked.add(sessionId, Number.isNaN(until) ? undefined : until);
      }
      logger.info({ count: reply.sessions.length }, 'revoked sessions loaded');
    },
  });

  return {
    loaded: loading.loaded,
    stop: async () => {
      clearInterval(pruneTimer);
      loading.stop();
      await subscription.unsubscribe();
    },
  };
};
