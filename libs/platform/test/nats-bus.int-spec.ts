import { EventStream } from '@sb/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { describeWithNats } from '@sb/testing/infra';
import { describeBusContract } from '../src/bus/bus.contract.js';
import { createNatsBus, subjectSpace } from '../src/bus/nats-bus.js';
import { anonymousContext } from '../src/context/request-context.js';

await describeWithNats('NATS bus', (natsUrl) => {
  describeBusContract(
    'NATS',
    () => createNatsBus({ url: natsUrl, name: 'platform-contract-test' }),
    {
      // durables live on the shared server: remove the ones this run created
      cleanupDurables: async (names) => {
        const nc = await connect({ servers: natsUrl });
        try {
          const jsm = await jetstreamManager(nc);
          await Promise.allSettled(
            names.map((name) => jsm.consumers.delete(EventStream.name, name)),
          );
        } finally {
          await nc.close();
        }
      },
    },
  );

  it('creates the EVENTS stream on evt.> with file storage and a bounded age', async () => {
    const bus = await createNatsBus({ url: natsUrl, name: 'platform-stream-test' });
    const nc = await connect({ servers: natsUrl });
    try {
      const info = await (await jetstreamManager(nc)).streams.info(EventStream.name);
      expect(info.config.subjects).toEqual([EventStream.subjects]);
      expect(info.config.storage).toBe('file');
      expect(info.config.max_age).toBeGreaterThan(0);
    } finally {
      await nc.close();
      await bus.close();
    }
  });

  it('keeps namespaces apart: requests and events never cross them', async () => {
    const a = await createNatsBus({ url: natsUrl, name: 'ns-a', namespace: 'platform_ns_a' });
    const b = await createNatsBus({ url: natsUrl, name: 'ns-b', namespace: 'platform_ns_b' });
    const seenByB: string[] = [];
    try {
      await a.handle('ns.echo.ask', async () => 'from a', { queue: 'echo' });
      await b.handle('ns.echo.ask', async () => 'from b', { queue: 'echo' });
      await b.subscribe('evt.>', (event) => void seenByB.push(event.id));
      const ctx = anonymousContext('ns-test');
      for (let i = 0; i < 6; i++) {
        await expect(a.request('ns.echo.ask', { ctx, data: {} })).resolves.toBe('from a');
      }
      await a.publish({
        id: 'ns-event-1',
        subject: 'evt.1.identity.user.updated',
        companyId: 1,
        occurredAt: new Date().toISOString(),
        data: {},
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seenByB).toEqual([]);
    } finally {
      await a.close();
      await b.close();
      const nc = await connect({ servers: natsUrl });
      const jsm = await jetstreamManager(nc);
      for (const ns of ['platform_ns_a', 'platform_ns_b']) {
        await jsm.streams.delete(subjectSpace(ns).streamName).catch(() => undefined);
      }
      await nc.close();
    }
  });
});
