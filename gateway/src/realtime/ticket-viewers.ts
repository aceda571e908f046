import {
  Subjects,
  type RequestContext,
  type TicketViewer,
  type UserUpdatedEventData,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';

/**
 * The ticket viewer of a socket (whose ticket and message events it hears, `canSeeTicket`): the profile
 * comes from the token, as for every HTTP call of the session; the queues and flags from identity's
 * user record, asked once when the socket connects and kept current by `identity.user.updated`.
 */
export type TicketViewerLookup = (ctx: RequestContext) => Promise<TicketViewer>;

/** What the token alone tells: admins (and super) see every ticket; anyone else only their own. */
export const tokenViewer = (
  ctx: Pick<RequestContext, 'userId' | 'profile' | 'super'>,
): TicketViewer => ({
  userId: ctx.userId,
  admin: ctx.profile === 'admin' || ctx.super,
  allTicket: false,
  allowGroup: false,
  queueIds: [],
});

const LookupTimeoutMs = 5_000;

/**
 * The default lookup: identity's `identity.user.get` for the caller. A user identity cannot describe (it
 * does not answer) sees only their own tickets, as the tickets service treats them.
 */
export const askIdentityForViewer =
  (bus: Bus, logger: Logger): TicketViewerLookup =>
  async (ctx) => {
    const viewer = tokenViewer(ctx);
    if (viewer.admin) return viewer;
    try {
      const user = await bus.request(
        Subjects.identity.userGet,
        { ctx, data: { id: ctx.userId } },
        { timeoutMs: LookupTimeoutMs },
      );
      return withUser(viewer, { user, queueIds: user.queueIds });
    } catch (err) {
      logger.warn({ err, userId: ctx.userId }, 'ticket viewer lookup failed: own tickets only');
      return viewer;
    }
  };

/** The viewer after an `identity.user.updated` of its user (queues, allTicket, allowGroup). */
export const withUser = (
  viewer: TicketViewer,
  change: {
    user: Pick<UserUpdatedEventData['user'], 'allTicket' | 'allowGroup'> & {
      queues?: { id: number }[];
    };
    queueIds?: number[];
  },
): TicketViewer => {
  const { user, queueIds } = change;
  const queues = Array.isArray(user.queues) ? user.queues.map((queue) => queue.id) : undefined;
  return {
    ...viewer,
    allTicket: user.allTicket === 'enable',
    allowGroup: user.allowGroup === true,
    queueIds: queueIds ?? queues ?? viewer.queueIds,
  };
};
