// The operator socket: how `npx switchboard` reaches `npm start` when there is no NATS to send on. A Unix
// domain socket in the data directory, readable by its owner only: whoever may read DATA_DIR (the
// database, the JWT secret) may act as the operator anyway.
import { mkdir, rm, stat } from 'node:fs/promises';
import { chmodSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import path from 'node:path';
import { Subjects } from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { operatorContext } from '@sb/platform/context';
import type { Logger } from '@sb/platform/logger';

/** The socket's file in DATA_DIR; the command line (cli/src/transport/socket-transport.ts) finds it so. */
export const OperatorSocketFile = 'operator.sock';

/** What an operator may ask through the socket; anything else is refused. */
export const OperatorSubjects: readonly string[] = [
  Subjects.identity.companyDelete,
  Subjects.identity.tenantOperationGet,
  Subjects.identity.tenantOperationList,
  Subjects.identity.tenantOperationExport,
  Subjects.identity.tenantOperationImport,
  Subjects.identity.tenantOperationAbort,
];

/** One line a client sends. */
export type OperatorSocketRequest = { subject: string; data?: unknown };
/** The line it gets back. */
export type OperatorSocketReply = { reply: unknown } | { error: { code: string; message: string } };

/** The erase, the export and the import answer within 5 s; the rest at once. */
const RequestTimeoutMs = 30_000;
/** Linux's sun_path holds 108 bytes with its final NUL; a longer path cannot be bound. */
const MaxSocketPathBytes = 107;
/** A line longer than this is no operator request: the connection is dropped. */
const MaxLineChars = 64 * 1024;

export type RunningOperatorSocket = { path: string; close(): Promise<void> };

const errorReply = (code: string, message: string): OperatorSocketReply => ({
  error: { code, message },
});

/** Whether a process answers on the socket file (a stale file refuses the connection). */
const answers = (socketPath: string) =>
  new Promise<boolean>((resolve) => {
    const probe = createConnection(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });

/**
 * Listens on `<dataDir>/operator.sock` and forwards each allowed request on the bus as the operator
 * (operatorContext). Undefined where there can be no such socket (Windows, a path too long): the
 * command line then needs NATS_URL, and the log says so.
 */
export async function startOperatorSocket(options: {
  dataDir: string;
  bus: Bus;
  logger: Logger;
}): Promise<RunningOperatorSocket | undefined> {
  const { bus, logger } = options;
  const socketPath = path.join(options.dataDir, OperatorSocketFile);
  if (process.platform === 'win32') {
    logger.info('no operator socket on Windows: `npx switchboard` needs NATS_URL there');
    return undefined;
  }
  if (Buffer.byteLength(socketPath) > MaxSocketPathBytes) {
    logger.warn(
      { path: socketPath },
      'no operator socket: the path is too long for one; use a shorter DATA_DIR for `npx switchboard`',
    );
    return undefined;
  }
  await mkdir(options.dataDir, { recursive: true });
  if (await stat(socketPath).catch(() => undefined)) {
    if (await answers(socketPath)) {
      throw new Error(
        `another Switchboard is running with DATA_DIR ${options.dataDir} (${socketPath} answers)`,
      );
    }
    // left behind by a process that was killed
    await rm(socketPath, { force: true });
  }

  const answer = async (line: string): Promise<OperatorSocketReply> => {
    let request: OperatorSocketRequest;
    try {
      request = JSON.parse(line) as OperatorSocketRequest;
    } catch {
      return errorReply('ERR_MALFORMED_JSON', 'The request is not valid JSON.');
    }
    const subject = request?.subject;
    if (typeof subject !== 'string' || !OperatorSubjects.includes(subject)) {
      return errorReply('ERR_NO_PERMISSION', `${String(subject)} is not an operator request.`);
    }
    logger.info({ subject }, 'operator request');
    try {
      const reply = await bus.request(
        subject,
        { ctx: operatorContext(), data: request.data ?? {} },
        { timeoutMs: RequestTimeoutMs },
      );
      return { reply };
    } catch (err) {
      const { code, message } = err as { code?: unknown; message?: unknown };
      if (typeof code === 'string') return errorReply(code, String(message));
      logger.error({ err, subject }, 'operator request failed');
      return errorReply('ERR_INTERNAL', 'An internal error occurred.');
    }
  };

  // Until the socket is the owner's alone, a connection is dropped: chmod follows listen.
  let ready = false;
  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    if (!ready) {
      socket.destroy();
      return;
    }
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    socket.setEncoding('utf8');
    let buffered = '';
    // one request at a time per connection, answered in order
    let queue = Promise.resolve();
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      let end: number;
      while ((end = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, end).trim();
        buffered = buffered.slice(end + 1);
        if (!line) continue;
        queue = queue
          .then(() => answer(line))
          .then((reply) => {
            if (!socket.destroyed) socket.write(`${JSON.stringify(reply)}\n`);
          });
      }
      if (buffered.length > MaxLineChars) socket.destroy();
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(socketPath, 0o600);
  ready = true;

  return {
    path: socketPath,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of connections) socket.destroy();
      await closed;
      await rm(socketPath, { force: true });
    },
  };
}
