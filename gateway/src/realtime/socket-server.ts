import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import {
  ChatTypingRequest,
  ClientSocketEvents,
  EventSocketRoutes,
  eventRouteKey,
  impliedEvents,
  SocketHandshakeQuery,
  Subjects,
  TicketStatuses,
  rooms,
  type DomainEvent,
  type RequestContext,
  type TicketViewer,
  type UserPresenceRequest,
  type UserUpdatedEventData,
} from '@sb/contracts';
import type { Bus, BusSubscription } from '@sb/platform/bus';
import { runInContext } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { addMetricsSampler } from '@sb/platform/ops';
import type { AccessTokenService, VerifiedToken } from '../auth/access-token.service.js';
import { contextFromToken, isCompanyExpired, requestIdFrom } from '../auth/request-context.js';
import { resolveClientAddress, type TrustedProxies } from '../middleware/client-address.js';
import type { RevokedSessions } from '../auth/revoked-sessions.service.js';
import { toAppError } from '../errors/http-exception.filter.js';
import {
  joinsAdminsRoom,
  planSocketEmit,
  sessionRoom,
  splitByTicket,
  type SocketEmit,
} from './event-fanout.js';
import { RecentEventIds } from './recent-event-ids.js';
import type { TicketAccessChecker } from './ticket-access.js';
import { tokenViewer, withUser, type TicketViewerLookup } from './ticket-viewers.js';
import type { UserPresence } from './user-presence.js';

/** spec 1 §7: ping interval and timeout of 18 s. */
export const SocketPingMs = 18_000;

export type SocketServerOptions = {
  httpServer: HttpServer;
  bus: Bus;
  logger: Logger;
  webOrigins: string[];
  tokens: AccessTokenService;
  revoked: RevokedSessions;
  presence: UserPresence;
  ticketAccess: TicketAccessChecker;
  /** the queues and flags of a socket's user (whose ticket and message events it hears) */
  ticketViewer: TicketViewerLookup;
  /** whose forwarded headers name the client (TRUSTED_PROXIES) */
  trustedProxies: TrustedProxies;
};

type SocketData = {
  token: VerifiedToken;
  ctx: RequestContext;
  /** who this socket's user may see among tickets; replaced when identity announces a change */
  viewer: TicketViewer;
  /** set by an identity.user.updated: newer than the connection's own lookup, which then loses */
  viewerUpdated?: boolean;
};
type GatewaySocket = Socket<
  Record<string, never>,
  Record<string, never>,
  Record<string, never>,
  SocketData
>;
type Ack = (answer: { ok: true } | { ok: false; error: string; message: string }) => void;

export type RunningSocketServer = { io: Server; close(): Promise<void> };

const firstString = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : Array.isArray(value) && typeof value[0] === 'string'
      ? value[0]
      : undefined;

/** A refused handshake: the client's connect_error carries the code as message and the body as data. */
const refusal = (error: AppError): Error & { data: unknown } =>
  Object.assign(new Error(error.code), { data: error.toBody() });

/**
 * socket.io on the gateway's HTTP server (ARCHITECTURE.md §4): authenticated handshake, tenant-scoped
 * rooms, the client events of spec 1 §7, and the fan-out of every bus event (`evt.>`) to the local sockets.
 */
export const startSocketServer = async (
  options: SocketServerOptions,
): Promise<RunningSocketServer> => {
  const { logger, tokens, revoked, presence, ticketAccess, ticketViewer } = options;
  const io = new Server(options.httpServer, {
    path: '/socket.io',
    pingInterval: SocketPingMs,
    pingTimeout: SocketPingMs,
    cors: { origin: options.webOrigins, credentials: true },
    serveClient: false,
  });

  io.use((socket: GatewaySocket, next) => {
    const { auth, query, headers } = socket.handshake;
    const raw =
      firstString((auth as Record<string, unknown> | undefined)?.token) ?? firstString(query.token);
    const authenticate = async (): Promise<SocketData> => {
      if (!raw) throw new AppError('ERR_SESSION_EXPIRED');
      const token = await tokens.verify(raw.replace(/^Bearer\s+/i, ''));
      if (isCompanyExpired(token.cid, token.due)) throw new AppError('ERR_SUBSCRIPTION_EXPIRED');
      const claimed = {
        companyId: firstString(query.companyId),
        userId: firstString(query.userId),
      };
      if (claimed.companyId !== undefined || claimed.userId !== undefined) {
        const parsed = SocketHandshakeQuery.safeParse(claimed);
        if (
          !parsed.success ||
          parsed.data.companyId !== token.cid ||
          parsed.data.userId !== token.userId
        ) {
          throw new AppError('ERR_NO_PERMISSION', {
            message: 'companyId/userId do not match the token.',
          });
        }
      }
      const ctx = contextFromToken(
        token,
        requestIdFrom(headers['x-request-id']),
        headers['accept-language'],
        resolveClientAddress(socket.request.socket.remoteAddress, headers, options.trustedProxies),
      );
      return { token, ctx, viewer: tokenViewer(ctx) };
    };
    authenticate().then(
      (data) => {
        socket.data = data;
        next();
      },
      (err: unknown) => next(refusal(toAppError(err, logger))),
    );
  });

  io.on('connection', (socket: GatewaySocket) => {
    const { token, ctx } = socket.data;
    const cid = token.cid;
    void socket.join([
      rooms.company(cid),
      rooms.user(cid, token.userId),
      rooms.platform(),
      sessionRoom(token.sid),
      // admins (and super) alone hear what only they may read, e.g. connection tokens
      ...(joinsAdminsRoom(ctx) ? [rooms.admins(cid)] : []),
      // super alone hears the platform's own work (tenant operations)
      ...(ctx.super ? [rooms.supers()] : []),
    ]);
    const heartbeat = () => {
      if (!presence.touch(cid, token.userId)) return;
      // identity sets online/last_seen_at and tells the company when the status flips
      const data: UserPresenceRequest = { online: true };
      options.bus
        .request(Subjects.identity.userPresence, { ctx, data })
        .catch((err: unknown) => logger.warn({ err }, 'presence report failed'));
    };
    heartbeat();
    runInContext(ctx, () => logger.debug({ socketId: socket.id }, 'socket connected'));
    // the rooms of ticket events are joined once the socket's viewer is known (a join waits for it)
    const viewerKnown = ticketViewer(ctx).then(
      (viewer) => {
        if (!socket.data.viewerUpdated) socket.data.viewer = viewer;
      },
      (err: unknown) => logger.warn({ err }, 'ticket viewer lookup failed: own tickets only'),
    );

    // Every client event answers its optional ack, so a client can wait until it is in the room.
    const on = (name: string, handler: (arg: unknown) => Promise<void> | void) => {
      socket.on(
        name as never,
        ((...args: unknown[]) => {
          const ack = typeof args.at(-1) === 'function' ? (args.pop() as Ack) : undefined;
          Promise.resolve()
            .then(() => runInContext(ctx, () => handler(args[0])))
            .then(
              () => ack?.({ ok: true }),
              (err: unknown) => {
                const error = toAppError(err, logger);
                ack?.({ ok: false, error: error.code, message: error.message });
              },
            );
        }) as never,
      );
    };

    on(ClientSocketEvents.joinNotification, async () => {
      await viewerKnown;
      await socket.join(rooms.notification(cid));
    });
    on(ClientSocketEvents.joinTickets, async (status) => {
      if (typeof status !== 'string' || !(TicketStatuses as readonly string[]).includes(status)) {
        throw new AppError('ERR_VALIDATION', { fields: { status: ['unknown ticket status'] } });
      }
      await viewerKnown;
      await socket.join(rooms.status(cid, status));
    });
    on(ClientSocketEvents.joinChatBox, async (raw) => {
      const ticketId = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
      if (!Number.isSafeInteger(ticketId) || ticketId <= 0) {
        throw new AppError('ERR_VALIDATION', { fields: { ticketId: ['must be a ticket id'] } });
      }
      if (!(await ticketAccess(ctx, ticketId))) throw new AppError('ERR_NO_PERMISSION');
      await viewerKnown;
      await socket.join(rooms.ticket(cid, ticketId));
    });
    on(ClientSocketEvents.userStatus, heartbeat);
    // identity tells the chat's other members, when the caller is one of them
    on(ClientSocketEvents.chatTyping, async (raw) => {
      if (!token.flags.includes('useInternalChat')) throw new AppError('ERR_PLAN_FEATURE_DISABLED');
      const data = parseInput(ChatTypingRequest, raw ?? {});
      await options.bus.request(Subjects.identity.chatTyping, { ctx, data });
    });
  });

  const stopOnRevoked = revoked.onRevoked((sessionId) => {
    io.in(sessionRoom(sessionId)).disconnectSockets(true);
  });
  // Events published while this gateway was cut from NATS never reach its sockets. Closing their
  // transports makes each client reconnect (to any gateway) and refetch what it shows, as after a
  // gateway restart, so an agent never silently misses a message.
  const stopOnGap = options.bus.onLiveGap?.(() => {
    const sockets = [...io.of('/').sockets.values()];
    logger.warn(
      { sockets: sockets.length },
      'live events missed while NATS was away: clients resync',
    );
    for (const socket of sockets) socket.conn.close();
  });

  /** The local sockets in any of `names`, minus those in any of `except`. */
  const socketsIn = (names: string[], except: string[]): GatewaySocket[] => {
    const { adapter, sockets } = io.of('/');
    const skipped = new Set(except.flatMap((room) => [...(adapter.rooms.get(room) ?? [])]));
    const ids = new Set(names.flatMap((room) => [...(adapter.rooms.get(room) ?? [])]));
    return [...ids]
      .filter((id) => !skipped.has(id))
      .map((id) => sockets.get(id) as GatewaySocket | undefined)
      .filter((socket): socket is GatewaySocket => socket !== undefined);
  };

  /** A ticket or message event: its content to the sockets whose user may see the ticket only. */
  const emitTicket = (plan: SocketEmit, ticket: NonNullable<SocketEmit['ticket']>) => {
    const audience = socketsIn(plan.rooms, plan.except).map((socket) => ({
      id: socket.id,
      viewer: socket.data.viewer,
    }));
    const { seers, others } = splitByTicket(audience, ticket.facts);
    // a socket id is a room of its own: one emit per group, each payload encoded once
    if (seers.length) io.to(seers).emit(plan.event, plan.payload);
    if (others.length && ticket.hiddenPayload !== undefined)
      io.to(others).emit(plan.event, ticket.hiddenPayload);
  };

  /** Queues or flags of a user changed: their sockets hear other tickets from the next event on. */
  const refreshViewers = (event: DomainEvent) => {
    const data = event.data as UserUpdatedEventData;
    if (!data?.user || typeof data.user.id !== 'number') return;
    for (const socket of socketsIn([rooms.user(event.companyId, data.user.id)], [])) {
      socket.data.viewer = withUser(socket.data.viewer, data);
      socket.data.viewerUpdated = true;
    }
  };

  const emit = (event: DomainEvent) => {
    const plan = planSocketEmit(event);
    if (!plan) return;
    if (plan.dropped.length) {
      logger.warn(
        { subject: event.subject, rooms: plan.dropped },
        'event routed to rooms of another company: dropped',
      );
    }
    if (!plan.rooms.length) return;
    if (plan.ticket) return emitTicket(plan, plan.ticket);
    for (const name of plan.alsoEvent ? [plan.event, plan.alsoEvent] : [plan.event]) {
      let target = io.to(plan.rooms);
      if (plan.except.length) target = target.except(plan.except);
      target.emit(name, plan.payload);
      if (plan.admin) {
        const sessions = plan.except.filter((room) => room !== plan.admin!.room);
        let admins = io.to(plan.admin.room);
        if (sessions.length) admins = admins.except(sessions);
        admins.emit(name, plan.admin.payload);
      }
    }
  };
  // a republished event (at-least-once publishers) reaches the sockets once
  const recent = new RecentEventIds();
  const fanOut = (event: DomainEvent) => {
    try {
      if (!recent.firstTime(event.id)) return;
      if (eventRouteKey(event.subject) === 'identity.user.updated') refreshViewers(event);
      for (const each of [event, ...impliedEvents(event)]) emit(each);
    } catch (err) {
      logger.error({ err, subject: event.subject }, 'socket fan-out failed');
    }
  };
  // only the events that have a socket route: the rest (inbound traffic between services above all)
  // is never decoded here
  const subscriptions: BusSubscription[] = await Promise.all(
    // a route key is `<service>.<entity>.<action>`, the tail of its event subjects
    Object.keys(EventSocketRoutes).map((key) => options.bus.subscribe(`evt.*.${key}`, fanOut)),
  );

  // the agents connected to this gateway now (authenticated sockets), read at scrape time
  const unwatch = addMetricsSampler(() => [
    { name: 'switchboard_socket_connections', value: io.of('/').sockets.size },
  ]);

  return {
    io,
    close: async () => {
      unwatch();
      stopOnRevoked();
      stopOnGap?.();
      await Promise.all(subscriptions.map((subscription) => subscription.unsubscribe()));
      io.disconnectSockets(true);
      // not io.close(): that closes the HTTP server too, which Nest closes itself
      io.engine.close();
    },
  };
};
