import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server as HttpServer, ServerResponse } from 'node:http';
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import type { Bus } from '@sb/platform/bus';
import { loadConfig } from '@sb/platform/config';
import { createLogger, type Logger } from '@sb/platform/logger';
import { AccessTokenService } from './auth/access-token.service.js';
import { RevokedSessions } from './auth/revoked-sessions.service.js';
import { startRevokedSessionSync } from './auth/revoked-sessions.sync.js';
import { FencedCompanies, startFencedCompanySync } from './auth/fenced-companies.js';
import { createBotVerifier, type BotVerifier } from './bot-check/bot-verifier.js';
import { HttpExceptionFilter } from './errors/http-exception.filter.js';
import { gatewayEnvSchema } from './gateway.config.js';
import { GatewayModule } from './gateway.module.js';
import { gatewayVersion } from './http/system.controller.js';
import { bodyParserErrors, bodyParsers } from './middleware/body-parser.middleware.js';
import {
  bodyLimitBytes,
  MetaWebhookPath,
  metaWebhookIngress,
} from './http/meta-webhook-ingress.js';
import { trustedProxiesFrom } from './middleware/client-address.js';
import { refuseNulCharacters } from './middleware/nul-characters.middleware.js';
import { byClientIp, rateLimitMiddleware } from './middleware/rate-limit.middleware.js';
import { refreshBudgetKey } from './http/refresh-cookie.js';
import { FixedWindowRateLimiter } from './middleware/rate-limiter.js';
import { requestMetricsMiddleware, timeRequest } from './middleware/request-metrics.middleware.js';
import { requestStateMiddleware } from './middleware/request-state.middleware.js';
import { securityHeadersMiddleware } from './middleware/security-headers.middleware.js';
import { resumeTrace, traceHttpRequest } from './middleware/trace.middleware.js';
import { NestPinoLogger } from './nest-logger.js';
import { setupOpenApi } from './openapi/openapi.js';
import { startSocketServer } from './realtime/socket-server.js';
import { askTicketsService, type TicketAccessChecker } from './realtime/ticket-access.js';
import { askIdentityForViewer, type TicketViewerLookup } from './realtime/ticket-viewers.js';
import { UserPresence } from './realtime/user-presence.js';
import { createMediaSigner, createStorage, type ObjectStorage } from '@sb/storage';

export type StartGatewayOptions = {
  bus: Bus;
  /** 0 picks a free port */
  port: number;
  /** origins of the web app allowed by CORS (HTTP and socket.io), with credentials */
  webOrigins: string[];
  logger?: Logger;
  /** the gateway's variables (JWT_SECRET, COOKIE_SECURE, TURNSTILE_*, …); process.env by default */
  env?: Record<string, string | undefined>;
  /** listen address; all interfaces by default */
  host?: string;
  /** who may join a ticket room (joinChatBox); the tickets issue plugs its rule in here */
  ticketAccess?: TicketAccessChecker;
  /** a socket user's queues and flags (which ticket events it hears); identity's user record by default */
  ticketViewer?: TicketViewerLookup;
  /** replaces the verifier chosen from TURNSTILE_SECRET */
  botVerifier?: BotVerifier;
  /** where uploads go; by default createStorage(env) (S3_ENDPOINT, else MEDIA_DIR / DATA_DIR/media) */
  storage?: ObjectStorage;
};

export type RunningGateway = {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** last `userStatus` heartbeat per user seen by this instance */
  presence: UserPresence;
  /** resolves once the revoked sessions of identity were loaded */
  revokedSessionsLoaded: Promise<void>;
  /** resolves once the fenced companies of identity were loaded */
  fencedCompaniesLoaded: Promise<void>;
  close(): Promise<void>;
};

/** How long a revoked session id is kept when identity gave no expiry: longer than any access token. */
const revokedRetentionMs = 24 * 60 * 60 * 1000;

/**
 * The public entry (ARCHITECTURE.md §1): REST at the spec paths forwarded over the bus, OpenAPI at /docs,
 * socket.io at /socket.io on the same port. No domain logic, no database.
 */
export async function startGateway(options: StartGatewayOptions): Promise<RunningGateway> {
  const logger = options.logger ?? createLogger('gateway');
  const env = loadConfig(gatewayEnvSchema, options.env ?? process.env);
  const revoked = new RevokedSessions(revokedRetentionMs);
  const fenced = new FencedCompanies();
  const tokens = new AccessTokenService(env.JWT_SECRET, revoked);
  const bot = options.botVerifier ?? createBotVerifier(env, logger);
  const presence = new UserPresence();
  const rawEnv = options.env ?? process.env;
  const mediaSigner = createMediaSigner(rawEnv);
  const storage = options.storage ?? (await createStorage(rawEnv, { signer: mediaSigner }));

  const app = await NestFactory.create<NestExpressApplication>(
    GatewayModule.forRoot({
      bus: options.bus,
      logger,
      env,
      tokens,
      revoked,
      fenced,
      bot,
      media: { storage, signer: mediaSigner },
    }),
    new ExpressAdapter(),
    { bodyParser: false, abortOnError: false, logger: new NestPinoLogger(logger) },
  );
  const express = app.getHttpAdapter().getInstance();
  express.disable('x-powered-by');
  // express's own `trust proxy` stays off: the client address is resolved once, by our middleware,
  // for HTTP and socket handshakes alike (TRUSTED_PROXIES)
  const trustedProxies = trustedProxiesFrom(env.TRUSTED_PROXIES);

  app.enableCors({
    origin: options.webOrigins,
    credentials: true,
    exposedHeaders: [
      'x-request-id',
      'traceparent',
      'Retry-After',
      'RateLimit-Limit',
      'RateLimit-Remaining',
    ],
  });
  app.use(requestStateMiddleware(logger, trustedProxies));
  app.use(requestMetricsMiddleware);
  app.use(securityHeadersMiddleware({ hsts: env.COOKIE_SECURE }));
  const authLimiter = new FixedWindowRateLimiter({
    limit: env.AUTH_RATE_LIMIT,
    windowMs: env.AUTH_RATE_WINDOW_MS,
  });
  // password guessing and sign-ups per address; the public password-reset routes share that budget
  // (each call may send a message)
  app.use(
    [
      '/auth/login',
      '/auth/signup',
      '/api/enviar-email',
      '/api/verificar-code',
      '/api/atualizar-senha',
    ],
    rateLimitMiddleware(authLimiter),
  );
  // a page reload refreshes the session: budgets of its own, so users behind one shared address never
  // spend the login budget by reloading (per session, and a wide ceiling per address)
  const refreshIpLimiter = new FixedWindowRateLimiter({
    limit: env.REFRESH_IP_RATE_LIMIT,
    windowMs: env.AUTH_RATE_WINDOW_MS,
  });
  const refreshLimiter = new FixedWindowRateLimiter({
    limit: env.REFRESH_RATE_LIMIT,
    windowMs: env.AUTH_RATE_WINDOW_MS,
  });
  app.use(
    '/auth/refresh_token',
    rateLimitMiddleware(refreshIpLimiter),
    rateLimitMiddleware(refreshLimiter, Date.now, (req) => refreshBudgetKey(req, byClientIp(req))),
  );
  app.use(...bodyParsers(env.BODY_LIMIT));
  app.use(bodyParserErrors);
  app.use(refuseNulCharacters);
  app.use(resumeTrace);
  app.useGlobalFilters(new HttpExceptionFilter(logger));
  setupOpenApi(app, gatewayVersion);
  await app.init();
  keepConnectionsLongerThanProxies(app.getHttpServer() as HttpServer);
  serveBeforeExpress(
    app.getHttpServer(),
    metaWebhookIngress({
      bus: options.bus,
      appSecret: env.META_APP_SECRET,
      bodyLimit: bodyLimitBytes(env.BODY_LIMIT),
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      logger,
    }),
  );
  // after serveBeforeExpress: it must see the webhook requests that never reach express too
  const draining = drainOnClose(app.getHttpServer() as HttpServer);

  const sockets = await startSocketServer({
    httpServer: app.getHttpServer(),
    bus: options.bus,
    logger,
    webOrigins: options.webOrigins,
    tokens,
    revoked,
    presence,
    ticketAccess: options.ticketAccess ?? askTicketsService(options.bus),
    ticketViewer: options.ticketViewer ?? askIdentityForViewer(options.bus, logger),
    trustedProxies,
  });
  const revokedSync = await startRevokedSessionSync({ bus: options.bus, revoked, logger });
  const fencedSync = await startFencedCompanySync({ bus: options.bus, fenced, logger });
  const presencePrune = setInterval(() => presence.prune(revokedRetentionMs), 60 * 60 * 1000);
  presencePrune.unref();

  try {
    await app.listen(options.port, options.host ?? '::');
  } catch (err) {
    clearInterval(presencePrune);
    await revokedSync.stop();
    await fencedSync.stop();
    await sockets.close();
    await app.close();
    throw err;
  }
  const { port } = app.getHttpServer().address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  logger.info({ url, webOrigins: options.webOrigins }, 'gateway listening');

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    presence,
    revokedSessionsLoaded: revokedSync.loaded,
    fencedCompaniesLoaded: fencedSync.loaded,
    close: () =>
      (closing ??= (async () => {
        clearInterval(presencePrune);
        const forced = draining.start();
        await revokedSync.stop();
        await fencedSync.stop();
        await sockets.close();
        await app.close();
        clearTimeout(forced);
      })()),
  };
}

/**
 * Puts a handler in front of the express app on the HTTP server: requests it serves (it answers true)
 * never reach express.
 */
function serveBeforeExpress(
  server: HttpServer,
  handler: (req: IncomingMessage, res: ServerResponse) => boolean,
): void {
  const listeners = server.listeners('request') as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) =>
    traceHttpRequest(req, res, () => {
      if (handler(req, res)) {
        timeRequest(req, res, MetaWebhookPath);
        return;
      }
      for (const listener of listeners) listener.call(server, req, res);
    }),
  );
}

/** How long requests already under way may take to finish once the gateway stops. */
const closeGraceMs = 10_000;

/**
 * A stopping gateway answers the requests still coming on kept-alive connections with `Connection:
 * close`, so their clients (a load balancer, a webhook sender) open the next one elsewhere: a client that
 * keeps a connection busy would otherwise keep a closing server up forever (server.close() only drops
 * idle connections). Past the grace time, whatever is left is cut. `start()` returns that timer.
 */
function drainOnClose(server: HttpServer) {
  let closing = false;
  const underWay = new Set<ServerResponse>();
  const lastOnItsConnection = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (closing) {
      lastOnItsConnection(res);
      return;
    }
    underWay.add(res);
    res.once('close', () => underWay.delete(res));
  });
  return {
    start: () => {
      closing = true;
      for (const res of underWay) lastOnItsConnection(res);
      const timer = setTimeout(() => server.closeAllConnections(), closeGraceMs);
      timer.unref();
      return timer;
    },
  };
}

/**
 * Keeps idle keep-alive connections longer than the proxies in front of the gateway do (ingresses and
 * cloud load balancers keep theirs 60 s), so a client or proxy never sends a request on a connection
 * this server is closing at that moment: Node's default of 5 s reset requests that followed a pause.
 */
function keepConnectionsLongerThanProxies(server: HttpServer) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}
