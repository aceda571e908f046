import { EventEmitter } from 'node:events';
import { renderMetrics } from '@sb/platform/ops';
import { metricValue, openTestDataSource, type TestDataSource } from '@sb/testing';
import type { DataSource } from 'typeorm';
import type { DriverConnection, SessionStatusChange } from '../src/drivers/channel-driver.js';
import { connectorsMigrations } from '../src/migrations/index.js';
import { SessionLeasesRepository, StaleLeaseError } from '../src/sessions/index.js';
import {
  createWhatsappSessions,
  PhoneContactsRepository,
  WhatsappAuthRepository,
  type WhatsappSocket,
} from '../src/baileys/index.js';

const connection: DriverConnection = {
  id: 42,
  companyId: 7,
  channel: 'whatsapp',
  name: 'Sales',
  credentials: {},
};

/** Emits Baileys-shaped events; the driver runs its real logic against Postgres without WhatsApp. */
const fakeSocket = () => {
  const events = new EventEmitter();
  const socket = {
    ev: { on: (event: string, listener: (value: unknown) => void) => events.on(event, listener) },
    user: undefined,
    ended: false,
    end: () => {
      socket.ended = true;
    },
    logout: async () => undefined,
  };
  return { socket, emit: (event: string, value: unknown) => events.emit(event, value) };
};

const waitFor = async (check: () => Promise<boolean> | boolean, withinMs = 5_000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('WhatsApp sessions on Postgres (fake socket)', () => {
  let database: TestDataSource | undefined;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await openTestDataSource('wa', {
      schema: 'connectors',
      migrations: connectorsMigrations,
    });
    dataSource = database.dataSource;
  });

  afterAll(async () => {
    await database?.close();
  });

  it('opens under a lease, stores the creds encrypted and is fenced off after a takeover', async () => {
    const statuses: SessionStatusChange[] = [];
    const errors: unknown[] = [];
    const sockets: ReturnType<typeof fakeSocket>[] = [];
    const sessions = createWhatsappSessions({
      leaseStore: new SessionLeasesRepository(dataSource),
      auth: new WhatsappAuthRepository(dataSource),
      phoneBook: new PhoneContactsRepository(dataSource, database!.transactions),
      workerId: 'w-1',
      env: { JWT_SECRET: 'test-secret' },
      loadConnection: async (id) => (id === connection.id ? connection : null),
      sink: {
        messageReceived: async () => undefined,
        messageAck: async () => undefined,
        presence: async () => undefined,
        sessionStatus: async (_id, change) => void statuses.push(change),
      },
      socketFactory: async () => {
        const fake = fakeSocket();
        sockets.push(fake);
        return fake.socket as unknown as WhatsappSocket;
      },
      ttlMs: 3_000,
      renewMs: 1_000,
      onError: (error) => void errors.push(error),
    });
    expect(sessions.keySource).toBe('JWT_SECRET');

    await sessions.driver.start(connection);
    expect(sockets).toHaveLength(1);
    expect(statuses).toEqual([{ status: 'OPENING' }]);
    const [lease] = (await dataSource.query(
      `SELECT holder, epoch FROM session_leases WHERE connection_id = $1`,
      [connection.id],
    )) as { holder: string; epoch: string }[];
    expect(lease).toEqual({ holder: 'w-1', epoch: '1' });

    sockets[0].emit('connection.update', { qr: 'QR' });
    sockets[0].emit('creds.update', {});
    await waitFor(async () => {
      const rows = (await dataSource.query(`SELECT value FROM whatsapp_auth_creds`)) as unknown[];
      return rows.length === 1 && statuses.length === 2;
    });
    expect(statuses[1]).toEqual({ status: 'qrcode', qrcode: 'QR', retries: 1 });

    // Another worker takes the session over (newer epoch): this one may neither report nor write.
    await dataSource.query(
      `UPDATE session_leases SET holder = 'w-2', epoch = epoch + 1 WHERE connection_id = $1`,
      [connection.id],
    );
    sockets[0].emit('creds.update', {});
    sockets[0].emit('connection.update', { qr: 'QR-2' });
    await waitFor(() => errors.length === 1 && sockets[0].socket.ended);
    expect(errors[0]).toBeInstanceOf(StaleLeaseError);
    expect(statuses).toHaveLength(2);
    expect(sessions.driver.isOpen(connection.id)).toBe(false);

    await sessions.stop();
  });

  it('reports the sessions it runs by state and the leases it holds, for the scrape', async () => {
    // a database of its own: the lease census must see this worker's session only
    const own = await openTestDataSource('wa-metrics', {
      schema: 'connectors',
      migrations: connectorsMigrations,
    });
    const sockets: ReturnType<typeof fakeSocket>[] = [];
    const sessions = createWhatsappSessions({
      leaseStore: new SessionLeasesRepository(own.dataSource),
      auth: new WhatsappAuthRepository(own.dataSource),
      phoneBook: new PhoneContactsRepository(own.dataSource, own.transactions),
      workerId: 'w-metrics',
      env: { JWT_SECRET: 'test-secret' },
      loadConnection: async (id) => (id === connection.id ? connection : null),
      sink: {
        messageReceived: async () => undefined,
        messageAck: async () => undefined,
        presence: async () => undefined,
        sessionStatus: async () => undefined,
      },
      socketFactory: async () => {
        const fake = fakeSocket();
        sockets.push(fake);
        return fake.socket as unknown as WhatsappSocket;
      },
      ttlMs: 3_000,
      renewMs: 1_000,
    });
    const scrape = async () => {
      const text = await renderMetrics();
      return {
        opening: metricValue(text, 'switchboard_connector_sessions', {
          channel: 'whatsapp',
          state: 'OPENING',
        }),
        qrcode: metricValue(text, 'switchboard_connector_sessions', {
          channel: 'whatsapp',
          state: 'qrcode',
        }),
        held: metricValue(text, 'switchboard_connector_sessions_held'),
      };
    };
    try {
      await sessions.start();
      await sessions.driver.start(connection);
      expect(await scrape()).toEqual({ opening: 1, qrcode: undefined, held: 1 });

      sockets[0].emit('connection.update', { qr: 'QR' });
      let seen = await scrape();
      await waitFor(async () => (seen = await scrape()).qrcode === 1);
      expect(seen).toEqual({ opening: undefined, qrcode: 1, held: 1 });
    } finally {
      await sessions.stop();
      await own.close();
    }
    // a stopped worker runs and holds nothing
    expect(await scrape()).toEqual({ opening: undefined, qrcode: undefined, held: 0 });
  });
});
