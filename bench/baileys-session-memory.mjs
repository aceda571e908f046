// Heap of one idle Baileys session object: opens N sockets against a local WebSocket server that accepts
// and stays silent (no WhatsApp reachable here), so each socket sits in its handshake wait, as an idle
// session does between frames. Prints the heap growth per session in bytes (and the RSS growth, noisier:
// it includes what the allocator keeps). The inbound bench runs it and records bytesPerSession.
// Run: node --expose-gc bench/baileys-session-memory.mjs [sessions]
import { WebSocketServer } from 'ws';
import { BufferJSON, initAuthCreds, makeWASocket } from '@whiskeysockets/baileys';

const SESSIONS = Number(process.argv[2] ?? 50);
const SETTLE_MS = 2_000;

if (typeof global.gc !== 'function') {
  console.error('run with node --expose-gc');
  process.exit(1);
}

const silent = {
  level: 'silent',
  child: () => silent,
  trace() {},
  debug() {},
  info() {},
  warn() {},
  error() {},
};

/** In-memory auth state in the shape the Postgres store gives Baileys. */
function memoryAuthState() {
  const keys = new Map();
  return {
    creds: JSON.parse(JSON.stringify(initAuthCreds(), BufferJSON.replacer), BufferJSON.reviver),
    keys: {
      get: async (type, ids) =>
        Object.fromEntries(
          ids
            .filter((id) => keys.has(`${type}:${id}`))
            .map((id) => [id, keys.get(`${type}:${id}`)]),
        ),
      set: async (data) => {
        for (const [type, entries] of Object.entries(data)) {
          for (const [id, value] of Object.entries(entries)) {
            if (value) keys.set(`${type}:${id}`, value);
            else keys.delete(`${type}:${id}`);
          }
        }
      },
    },
  };
}

const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const heap = async () => {
  for (let i = 0; i < 3; i += 1) {
    global.gc();
    await settle(50);
  }
  return process.memoryUsage().heapUsed;
};

const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
await new Promise((resolve) => server.once('listening', resolve));
const url = `ws://127.0.0.1:${server.address().port}/ws/chat`;

// One warm-up socket so module-level caches are not counted per session.
const warm = makeWASocket({
  auth: memoryAuthState(),
  logger: silent,
  waWebSocketUrl: url,
  connectTimeoutMs: 60_000,
});
await settle(SETTLE_MS);
const before = await heap();
const rssBefore = process.memoryUsage().rss;

const sockets = [];
for (let i = 0; i < SESSIONS; i += 1) {
  sockets.push(
    makeWASocket({
      auth: memoryAuthState(),
      logger: silent,
      waWebSocketUrl: url,
      connectTimeoutMs: 60_000,
    }),
  );
}
await settle(SETTLE_MS);
const after = await heap();
const rssAfter = process.memoryUsage().rss;

const bytesPerSession = Math.round((after - before) / SESSIONS);
console.log(
  JSON.stringify({
    bench: 'baileys-session-memory',
    sessions: SESSIONS,
    heapBeforeBytes: before,
    heapAfterBytes: after,
    bytesPerSession,
    rssBytesPerSession: Math.round((rssAfter - rssBefore) / SESSIONS),
  }),
);

for (const socket of [warm, ...sockets]) {
  try {
    await socket.end(undefined);
  } catch {
    // already closed
  }
}
server.close();
process.exit(0);
