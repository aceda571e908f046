import { EventStream } from '@sb/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import {
  natsServerInstalled,
  startNatsCluster,
  waitForJetStream,
  type NatsCluster,
} from '@sb/testing/nats-cluster';
import type { DomainEvent } from '@sb/contracts';
import type { Bus } from '../src/bus/bus.types.js';
import { createNatsBus, natsServersOf, streamReplicasFrom } from '../src/bus/nats-bus.js';

const hasNatsServer = natsServerInstalled('the stream replicas test on a 3-node cluster');

const testEvent = (id: string): DomainEvent => ({
  id,
  subject: 'evt.1.test.replica.created',
  companyId: 1,
  occurredAt: new Date().toISOString(),
  data: {},
});

describe('NATS_STREAM_REPLICAS', () => {
  it('defaults to 1 and refuses what JetStream cannot do', () => {
    expect(streamReplicasFrom({})).toBe(1);
    expect(streamReplicasFrom({ NATS_STREAM_REPLICAS: ' 3 ' })).toBe(3);
    for (const bad of ['0', '6', '2.5', 'three'])
      expect(() => streamReplicasFrom({ NATS_STREAM_REPLICAS: bad })).toThrow(/1 to 5/);
  });

  it('reads a comma-separated NATS_URL as the servers of a cluster', () => {
    expect(natsServersOf('nats://a:4222, nats://b:4222')).toEqual([
      'nats://a:4222',
      'nats://b:4222',
    ]);
    expect(() => natsServersOf(' , ')).toThrow(/no server/);
  });
});

// A real 3-node JetStream cluster started here (nats-server on loopback ports of its own).
(hasNatsServer ? describe : describe.skip)(
  'stream and consumer replicas on a 3-node cluster',
  () => {
    let cluster: NatsCluster;
    const buses: Bus[] = [];
    const open = async (replicas: number, name: string) => {
      const bus = await waitForJetStream(() => createNatsBus({ url: cluster.url, name, replicas }));
      buses.push(bus);
      return bus;
    };
    const inspect = async () => {
      const nc = await connect({ servers: natsServersOf(cluster.url) });
      try {
        const jsm = await jetstreamManager(nc);
        const stream = await jsm.streams.info(EventStream.name);
        const consumer = await jsm.consumers.info(EventStream.name, 'replicas-test');
        return {
          stream: stream.config.num_replicas,
          streamPeers: 1 + (stream.cluster?.replicas?.length ?? 0),
          consumer: consumer.config.num_replicas,
        };
      } finally {
        await nc.close();
      }
    };

    const consumerLeader = async () => {
      const nc = await connect({ servers: natsServersOf(cluster.url) });
      try {
        const jsm = await jetstreamManager(nc);
        return (await jsm.consumers.info(EventStream.name, 'replicas-test')).cluster?.leader;
      } finally {
        await nc.close();
      }
    };

    beforeAll(async () => {
      cluster = await startNatsCluster();
    }, 60_000);

    afterAll(async () => {
      for (const bus of buses) await bus.close().catch(() => undefined);
      await cluster?.stop();
    });

    it('keeps the EVENTS stream and the durables on 3 nodes, and events flow while one node is dead', async () => {
      const bus = await open(3, 'replicas-test');
      const seen: string[] = [];
      await bus.consume({
        durable: 'replicas-test',
        filter: 'evt.*.test.>',
        handler: async (event) => void seen.push(event.id),
      });
      expect(await inspect()).toEqual({ stream: 3, streamPeers: 3, consumer: 3 });

      await bus.publish(testEvent('before-kill'));
      // the node leading the consumer dies: its copies elsewhere take over, and the pull moves with them
      const leader = await consumerLeader();
      const victim = cluster.nodes.find((node) => node.name === leader) ?? cluster.nodes[2];
      await victim.kill();
      const killedAt = Date.now();
      await waitForJetStream(() => bus.publish(testEvent('while-down')));
      const deadline = Date.now() + 25_000;
      while (!seen.includes('while-down') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(seen).toEqual(expect.arrayContaining(['before-kill', 'while-down']));
      // within a few pull heartbeats (5–7 s here when quiet, 12.5 s seen on a loaded CI machine), not
      // after the 23–35 s that nats.js's default pull expiry took
      expect(Date.now() - killedAt).toBeLessThan(20_000);
      await victim.start();
    }, 60_000);

    it('brings an existing stream and consumer to the replicas asked for', async () => {
      const bus = await open(1, 'replicas-test-down');
      await waitForJetStream(() =>
        bus.consume({ durable: 'replicas-test', filter: 'evt.*.test.>', handler: async () => {} }),
      );
      expect(await inspect()).toMatchObject({ stream: 1, consumer: 1 });
    }, 60_000);
  },
);
