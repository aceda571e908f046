import { mkdtempSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PlatformCompanyId, Subjects, type BusRequest } from '@sb/contracts';
import { createInProcessBus, type Bus } from '@sb/platform/bus';
import { AppError } from '@sb/platform/errors';
import { createLogger } from '@sb/platform/logger';
import {
  OperatorSocketFile,
  startOperatorSocket,
  type RunningOperatorSocket,
} from '../src/operator-socket.js';

/** Sends lines on the socket and collects one reply line per request. */
const ask = (socketPath: string, lines: string[]) =>
  new Promise<unknown[]>((resolve, reject) => {
    const socket = createConnection(socketPath);
    let received = '';
    socket.setEncoding('utf8');
    socket.once('error', reject);
    socket.on('data', (chunk: string) => {
      received += chunk;
      const replies = received.split('\n').filter(Boolean);
      if (replies.length === lines.length) {
        socket.end();
        resolve(replies.map((line) => JSON.parse(line) as unknown));
      }
    });
    socket.write(lines.map((line) => `${line}\n`).join(''));
  });

describe('the operator socket of npm start', () => {
  const logger = createLogger('operator-socket', { level: 'silent' });
  let dataDir: string;
  let bus: Bus;
  let running: RunningOperatorSocket | undefined;
  const seen: BusRequest[] = [];

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sb-operator-'));
    bus = createInProcessBus({ requestTimeoutMs: 2_000 });
    await bus.handle(Subjects.identity.tenantOperationList, async (payload) => {
      seen.push(payload);
      return [];
    });
    await bus.handle(Subjects.identity.tenantOperationGet, async () => {
      throw new AppError('ERR_NOT_FOUND');
    });
  });

  afterEach(async () => {
    await running?.close();
    running = undefined;
    await bus.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("forwards the operator's requests as the operator, answers errors and refuses other subjects", async () => {
    running = (await startOperatorSocket({ dataDir, bus, logger }))!;
    expect(running.path).toBe(path.join(dataDir, OperatorSocketFile));
    expect(statSync(running.path).mode & 0o777).toBe(0o600);

    const replies = await ask(running.path, [
      JSON.stringify({ subject: Subjects.identity.tenantOperationList, data: {} }),
      JSON.stringify({ subject: Subjects.identity.tenantOperationGet, data: { id: 'x' } }),
      JSON.stringify({ subject: Subjects.identity.companyPage, data: {} }),
      'not json',
    ]);
    expect(replies).toEqual([
      { reply: [] },
      { error: { code: 'ERR_NOT_FOUND', message: 'Not found.' } },
      {
        error: {
          code: 'ERR_NO_PERMISSION',
          message: expect.stringContaining('identity.company.page'),
        },
      },
      { error: { code: 'ERR_MALFORMED_JSON', message: expect.any(String) } },
    ]);
    expect(seen[0]!.ctx).toMatchObject({ super: true, userId: 0, companyId: PlatformCompanyId });
  });

  it('replaces a stale socket file, refuses to start beside a live one and removes its file on close', async () => {
    const socketPath = path.join(dataDir, OperatorSocketFile);
    writeFileSync(socketPath, '');
    running = (await startOperatorSocket({ dataDir, bus, logger }))!;
    expect(
      await ask(socketPath, [JSON.stringify({ subject: 'identity.tenant-operation.list' })]),
    ).toEqual([{ reply: [] }]);

    await expect(startOperatorSocket({ dataDir, bus, logger })).rejects.toThrow(
      /another Switchboard is running/,
    );

    await running.close();
    running = undefined;
    expect(existsSync(socketPath)).toBe(false);
  });
});
