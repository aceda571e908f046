import { createConnection, type Socket } from 'node:net';
import {
  NoPlatformError,
  PlatformError,
  type OperatorTransport,
  type TransportChoice,
} from './operator-transport.js';

/** Past the erase's 5 s and the socket's own 30 s on the bus. */
const ReplyTimeoutMs = 45_000;

type Pending = { resolve(value: unknown): void; reject(err: Error): void; timer: NodeJS.Timeout };

const connect = (socketPath: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = createConnection(socketPath);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });

/**
 * `npm start`'s operator socket: one JSON line per request, one per reply, in order. Without a process
 * listening (no file, or a file left by one that was killed) nothing runs with that DATA_DIR.
 */
export async function openSocketTransport(
  choice: Extract<TransportChoice, { kind: 'socket' }>,
): Promise<OperatorTransport> {
  let socket: Socket;
  try {
    socket = await connect(choice.socketPath);
  } catch (err) {
    const { code } = err as NodeJS.ErrnoException;
    if (code === 'ENOENT' || code === 'ECONNREFUSED') {
      throw new NoPlatformError(
        `No Switchboard is running with DATA_DIR ${choice.dataDir}: start it with \`npm start\`, or set NATS_URL.`,
      );
    }
    throw new NoPlatformError(`Cannot reach Switchboard at ${choice.socketPath}: ${String(err)}`);
  }

  const pending: Pending[] = [];
  const failAll = (err: Error) => {
    for (const waiting of pending.splice(0)) {
      clearTimeout(waiting.timer);
      waiting.reject(err);
    }
  };
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      const waiting = pending.shift();
      if (!waiting) continue;
      clearTimeout(waiting.timer);
      const answer = JSON.parse(line) as
        { reply: unknown } | { error: { code: string; message: string } };
      if ('error' in answer)
        waiting.reject(new PlatformError(answer.error.code, answer.error.message));
      else waiting.resolve(answer.reply);
    }
  });
  socket.on('error', (err) => failAll(err));
  socket.on('close', () =>
    failAll(
      new PlatformError('ERR_SERVICE_UNAVAILABLE', 'Switchboard stopped before it answered.'),
    ),
  );

  return {
    target: `the npm start with DATA_DIR ${choice.dataDir}`,
    request: (subject, data) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          const index = pending.findIndex((waiting) => waiting.timer === timer);
          if (index >= 0) pending.splice(index, 1);
          // a late reply would answer the next request: this connection is done
          socket.destroy();
          reject(new PlatformError('ERR_SERVICE_TIMEOUT', 'Switchboard did not answer in time.'));
        }, ReplyTimeoutMs);
        pending.push({ resolve: resolve as (value: unknown) => void, reject, timer });
        socket.write(`${JSON.stringify({ subject, data })}\n`);
      }),
    close: async () => {
      socket.end();
      socket.destroy();
    },
  };
}
