// A connectors worker process for the failover bench: the production main's setup (runServiceMain: env,
// NATS, graceful stop) with the Baileys driver's test double, whose sockets report the phone connected
// right away, so the worker holds real Baileys-type sessions (leases, auth state) without WhatsApp.
import 'reflect-metadata';

const { runServiceMain } = await import('@sb/platform/nest');
const { startConnectorsService } = await import('@sb/connectors');
const { FakeBaileys } = await import('@sb/testing/baileys');

const phone = new FakeBaileys();
const factory = async (options) => {
  const socket = await phone.factory(options);
  const fake = phone.sockets.at(-1);
  // paired and open shortly after the driver attached its listeners, as a scanned phone would be
  setTimeout(() => {
    if (!fake.ended) fake.emit('connection.update', { connection: 'open' });
  }, 100);
  return socket;
};

await runServiceMain('connectors', (runtime) =>
  startConnectorsService(runtime, { whatsappSocketFactory: factory }),
);
