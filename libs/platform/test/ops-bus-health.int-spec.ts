import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { probeNats } from '@sb/testing/infra';
import { natsServerInstalled } from '@sb/testing/nats-cluster';
import type { Bus } from '../src/bus/bus.types.js';
import { createNatsBus } from '../src/bus/nats-bus.js';
import { freePort } from '../src/net/index.js';
import { renderMetrics } from '../src/ops/metrics.js';
import { watchBus } from '../src/ops/probes.js';
import { checkReadiness } from '../src/ops/readiness.js';

// The bus's part of a pod's readiness against a NATS server of this test's own (the shared one is
// never stopped): connected, consumers pulling, JetStream's counts per durable; not ready while the
// server is gone, ready again once the client reconnected.

const hasNatsServer = natsServerInstalled('the ops bus health test');

const until = async (check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** The value of a sample whose line starts with `series` (labels as prom-client writes them). */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

(hasNatsServer ? describe : describe.skip)(
  'the bus in the readiness probe (own nats-server)',
  () => {
    let port: number;
    let storeDir: string;
    let server: ChildProcess | undefined;
    let bus: Bus | undefined;
    let unwatch: (() => void) | undefined;

    const startServer = async () => {
      const child = spawn(
        'nats-server',
        ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir],
        {
          stdio: 'ignore',
        },
      );
      server = child;
      await until(() => probeNats('127.0.0.1', port, 500), 'nats-server to listen');
    };
    const stopServer = async () => {
      const child = server;
      server = undefined;
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    };

    beforeAll(async () => {
      port = await freePort();
      storeDir = mkdtempSync(path.join(tmpdir(), 'sb-ops-nats-'));
      await startServer();
    });

    afterAll(async () => {
      unwatch?.();
      await bus?.close().catch(() => undefined);
      await stopServer();
      rmSync(storeDir, { recursive: true, force: true });
    });

    it('is ready while connected with its consumers pulling, and reports their backlog', async () => {
      bus = await createNatsBus({ url: `nats://127.0.0.1:${port}`, name: 'ops-health-test' });
      unwatch = watchBus(bus);
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await bus.consume({ durable: 'ops-health', filter: 'evt.*.ops.>', handler: () => held });
      for (let i = 0; i < 3; i++) {
        await bus.publish({
          id: randomUUID(),
          subject: 'evt.1.ops.thing.done',
          companyId: 1,
          occurredAt: new Date().toISOString(),
          data: { i },
        });
      }
      await expect(checkReadiness()).resolves.toEqual({
        ready: true,
        checks: { bus: 'ok', consumers: 'ok' },
      });
      // the consumer pulled all three (a batch) and acknowledged none yet
      let text = '';
      await until(async () => {
        text = await renderMetrics();
        return sample(text, 'switchboard_consumer_ack_pending{durable="ops-health"}') === 3;
      }, 'three unacknowledged deliveries');
      expect(sample(text, 'switchboard_consumer_pending{durable="ops-health"}')).toBe(0);
      expect(sample(text, 'switchboard_consumer_redelivered{durable="ops-health"}')).toBe(0);
      release();
      await until(
        async () =>
          sample(
            await renderMetrics(),
            'switchboard_consumer_ack_pending{durable="ops-health"}',
          ) === 0,
        'the acknowledgements',
      );
    }, 30_000);

    it('is not ready while the NATS server is gone, and ready again once reconnected', async () => {
      let gaps = 0;
      const stopListening = bus!.onLiveGap!(() => (gaps += 1));
      await stopServer();
      await until(() => !bus!.health!().connected, 'the client to notice the lost server');
      const down = await checkReadiness();
      expect(down.ready).toBe(false);
      expect(down.checks.bus).toBe('not connected to the bus');

      await startServer();
      await until(() => bus!.health!().connected, 'the client to reconnect', 20_000);
      await expect(checkReadiness()).resolves.toMatchObject({ ready: true });
      // what live subscriptions missed meanwhile is gone: the bus says so once
      expect(gaps).toBe(1);
      stopListening();
    }, 45_000);
  },
);
