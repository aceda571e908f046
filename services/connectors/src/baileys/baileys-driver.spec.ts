import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { initAuthCreds } from '@whiskeysockets/baileys';
import type { ObjectStorage } from '@sb/storage';
import type {
  ChannelEventSink,
  DriverConnection,
  SessionStatusChange,
} from '../drivers/channel-driver.js';
import {
  WhatsappDriver,
  type SessionFence,
  type WhatsappAuthStore,
  type WhatsappRemoteCall,
  type WhatsappRouter,
} from './baileys-driver.js';
import type { WhatsappSocket } from './baileys-socket.js';
import { HistoryQuietMs, type HistoryImports } from './history-import.js';

/** A socket that emits Baileys-shaped events on demand; no WhatsApp involved. */
class FakeSocket {
  readonly events = new EventEmitter();
  readonly ev = {
    on: (event: string, listener: (value: unknown) => void) => this.events.on(event, listener),
  };
  user: { id: string } | undefined;
  ended = false;
  loggedOut = false;
  sent: { jid: string; content: unknown }[] = [];
  sendMessage = async (jid: string, content: unknown) => {
    this.sent.push({ jid, content });
    return { key: { id: `OUT${this.sent.length}`, remoteJid: jid, fromMe: true } };
  };
  onWhatsApp = async (jid: string) =>
    jid.startsWith('5511') ? [{ jid, exists: true, lid: '777@lid' }] : [];
  profilePictureUrl = async () => 'https://pps.whatsapp.net/pic.jpg';
  readMessages = async () => undefined;
  logout = async () => {
    this.loggedOut = true;
  };
  end = () => {
    this.ended = true;
  };
  updateMediaMessage = async () => undefined;
  emit(event: string, value: unknown): void {
    this.events.emit(event, value);
  }
}

const connection: DriverConnection = {
  id: 9,
  companyId: 3,
  channel: 'whatsapp',
  name: 'Main',
  credentials: {},
};
const flush = () => new Promise((resolve) => setImmediate(resolve));
const closeWith = (statusCode: number) => ({
  connection: 'close',
  lastDisconnect: { error: { output: { statusCode } }, date: new Date() },
});

function setup(
  options: { current?: () => boolean; router?: WhatsappRouter; imports?: HistoryImports } = {},
) {
  const removed: number[] = [];
  const sockets: FakeSocket[] = [];
  const statuses: SessionStatusChange[] = [];
  const received: unknown[] = [];
  const acks: unknown[] = [];
  const presences: unknown[] = [];
  const scheduled: { run: () => void; delayMs: number }[] = [];
  const cleared: bigint[] = [];
  const parked: number[] = [];
  const stored = new Map<string, Buffer>();
  const sink: ChannelEventSink = {
    messageReceived: async (_cid, data) => void received.push(data),
    messageAck: async (_cid, data) => void acks.push(data),
    presence: async (_cid, data) => void presences.push(data),
    sessionStatus: async (_id, change) => void statuses.push(change),
  };
  const authStore: WhatsappAuthStore = {
    load: async () => ({
      state: {
        creds: initAuthCreds(),
        keys: { get: async () => ({}), set: async () => undefined },
      },
      saveCreds: async () => undefined,
    }),
    clear: async (_id, epoch) => void cleared.push(epoch),
  };
  const fence: SessionFence = {
    acquire: async () => 5n,
    isCurrent: async () => options.current?.() ?? true,
    park: async (id) => {
      parked.push(id);
      return 6n;
    },
    remove: async (id) => void removed.push(id),
  };
  const storage = {
    put: async (key: string, body: Buffer) => void stored.set(key, body),
    get: async (key: string) => ({
      stream: Readable.from([stored.get(key) ?? Buffer.alloc(0)]),
      contentType: 'image/png',
      size: 3,
    }),
  } as unknown as ObjectStorage;
  const driver = new WhatsappDriver({
    sink,
    authStore,
    fence,
    router: options.router,
    imports: options.imports,
    storage,
    socketFactory: async () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket as unknown as WhatsappSocket;
    },
    downloadMedia: async () => Buffer.from('img'),
    policy: { baseMs: 100, maxMs: 1000, maxRetries: 2 },
    schedule: (run, delayMs) => {
      scheduled.push({ run, delayMs });
      return () => undefined;
    },
    random: () => 1,
  });
  return {
    driver,
    sockets,
    statuses,
    received,
    acks,
    presences,
    scheduled,
    cleared,
    stored,
    parked,
    removed,
  };
}

describe('WhatsappDriver status machine', () => {
  it('reports OPENING, QR codes with retries, PAIRING and CONNECTED with the number', async () => {
    const t = setup();
    await t.driver.start(connection);
    const socket = t.sockets[0];
    socket.emit('connection.update', { qr: 'QR-1' });
    socket.emit('connection.update', { qr: 'QR-2' });
    await flush();
    socket.emit('connection.update', { isNewLogin: true });
    await flush();
    socket.user = { id: '5511999990000:3@s.whatsapp.net' };
    socket.emit('connection.update', { connection: 'open' });
    await flush();
    expect(t.statuses).toEqual([
      { status: 'OPENING' },
      { status: 'qrcode', qrcode: 'QR-1', retries: 1 },
      { status: 'qrcode', qrcode: 'QR-2', retries: 2 },
      { status: 'PAIRING', qrcode: null },
      { status: 'CONNECTED', qrcode: null, retries: 0, number: '5511999990000' },
    ]);
  });

  it('gives up after three unscanned QR codes and wipes the half-made pairing', async () => {
    const t = setup();
    await t.driver.start(connection);
    for (const qr of ['a', 'b', 'c', 'd']) t.sockets[0].emit('connection.update', { qr });
    await flush();
    await flush();
    expect(t.statuses.at(-1)).toEqual({ status: 'DISCONNECTED', qrcode: null, retries: 0 });
    expect(t.cleared).toEqual([5n]);
    expect(t.sockets[0].ended).toBe(true);
    expect(t.driver.isOpen(connection.id)).toBe(false);
  });

  it('reconnects with backoff, then TIMEOUT once the retry budget is spent', async () => {
    const t = setup();
    await t.driver.start(connection);
    t.sockets[0].emit('connection.update', closeWith(428));
    await flush();
    expect(t.statuses.at(-1)).toEqual({ status: 'DISCONNECTED', qrcode: null, retries: 1 });
    expect(t.scheduled.map((s) => s.delayMs)).toEqual([100]);
    t.scheduled[0].run();
    await flush();
    expect(t.sockets).toHaveLength(2);
    t.sockets[1].emit('connection.update', closeWith(408));
    await flush();
    expect(t.scheduled.map((s) => s.delayMs)).toEqual([100, 200]);
    t.scheduled[1].run();
    await flush();
    t.sockets[2].emit('connection.update', closeWith(408));
    await flush();
    expect(t.statuses.at(-1)).toEqual({ status: 'TIMEOUT', qrcode: null, retries: 2 });
    expect(t.scheduled).toHaveLength(2);
    expect(t.driver.isOpen(connection.id)).toBe(false);
    expect(t.parked).toEqual([connection.id]);
  });

  it('restarts at once after pairing and starts over with a new QR after a logout on the phone', async () => {
    const t = setup();
    await t.driver.start(connection);
    t.sockets[0].emit('connection.update', closeWith(515));
    await flush();
    expect(t.sockets).toHaveLength(2);
    t.sockets[1].emit('connection.update', closeWith(401));
    await flush();
    expect(t.cleared).toEqual([5n]);
    expect(t.sockets).toHaveLength(3);
    expect(t.scheduled).toHaveLength(0);
  });

  it('drops status changes and closes the socket once the lease epoch is stale', async () => {
    let current = true;
    const t = setup({ current: () => current });
    await t.driver.start(connection);
    current = false;
    t.sockets[0].emit('connection.update', { qr: 'late' });
    await flush();
    expect(t.statuses).toEqual([{ status: 'OPENING' }]);
    expect(t.sockets[0].ended).toBe(true);
  });

  it('logout logs out on the phone, parks the lease and forgets the auth state under the new epoch', async () => {
    const t = setup();
    await t.driver.start(connection);
    await t.driver.stop(connection, { logout: true });
    expect(t.sockets[0].loggedOut).toBe(true);
    expect(t.sockets[0].ended).toBe(true);
    expect(t.cleared).toEqual([6n]);
    expect(t.statuses.at(-1)).toEqual({ status: 'DISCONNECTED', qrcode: null, retries: 0 });
    expect(t.driver.isOpen(connection.id)).toBe(false);
    expect(t.parked).toEqual([connection.id]);
  });
});

describe('WhatsappDriver events and commands', () => {
  async function connected() {
    const t = setup();
    await t.driver.start(connection);
    const socket = t.sockets[0];
    socket.user = { id: '5511000:1@s.whatsapp.net' };
    socket.emit('connection.update', { connection: 'open' });
    await flush();
    return { ...t, socket };
  }

  it('hands inbound messages, stored media, acks, presences and calls to the sink', async () => {
    const t = await connected();
    t.socket.emit('messages.upsert', {
      type: 'notify',
      messages: [
        {
          key: { remoteJid: '5511222@s.whatsapp.net', id: 'A', fromMe: false },
          message: { conversation: 'oi' },
          messageTimestamp: 1,
        },
        {
          key: { remoteJid: '5511222@s.whatsapp.net', id: 'B', fromMe: false },
          message: { imageMessage: { mimetype: 'image/png' } },
          messageTimestamp: 2,
        },
      ],
    });
    t.socket.emit('messages.update', [
      {
        key: { id: 'OUT1', fromMe: true, remoteJid: '5511222@s.whatsapp.net' },
        update: { status: 4 },
      },
      { key: { id: 'C', fromMe: false }, update: { status: 4 } },
    ]);
    t.socket.emit('presence.update', {
      id: '5511222@s.whatsapp.net',
      presences: { '5511222@s.whatsapp.net': { lastKnownPresence: 'composing' } },
    });
    t.socket.emit('call', [
      { id: 'K', from: '5511222@s.whatsapp.net', status: 'offer', date: new Date(0) },
    ]);
    await flush();
    await flush();
    expect(t.received).toHaveLength(3);
    expect(t.received[0]).toMatchObject({
      externalId: 'A',
      body: 'oi',
      peer: { number: '5511222' },
    });
    const byId = (id: string) =>
      t.received.find((data) => (data as { externalId: string }).externalId === id);
    const media = (byId('B') as { media: { key: string; size: number } }).media;
    expect(media).toMatchObject({ mimeType: 'image/png', size: 3, mediaType: 'image' });
    expect(media.key).toMatch(/^company-3\/messages\//);
    expect(t.stored.get(media.key)?.toString()).toBe('img');
    expect(byId('call-K')).toMatchObject({ mediaType: 'call_log' });
    expect(t.acks).toEqual([{ connectionId: 9, externalId: 'OUT1', ack: 3 }]);
    expect(t.presences).toEqual([
      { connectionId: 9, peerNumber: '5511222', presence: 'composing' },
    ]);
  });

  it('sends, checks numbers and reads profile pictures through the live socket', async () => {
    const t = await connected();
    const peer = { number: '5511222', isGroup: false };
    await expect(
      t.driver.send(connection, { connectionId: 9, peer, body: 'hello' }),
    ).resolves.toMatchObject({ externalId: 'OUT1', ack: 1 });
    expect(t.socket.sent[0]).toEqual({ jid: '5511222@s.whatsapp.net', content: { text: 'hello' } });
    await t.driver.send(connection, {
      connectionId: 9,
      peer,
      body: '👍',
      reaction: { externalId: 'IN7', fromMe: false },
    });
    expect(t.socket.sent[1]).toEqual({
      jid: '5511222@s.whatsapp.net',
      content: {
        react: {
          text: '👍',
          key: { remoteJid: '5511222@s.whatsapp.net', id: 'IN7', fromMe: false },
        },
      },
    });
    await expect(t.driver.checkContact(connection, '+55 11 222')).resolves.toEqual({
      exists: true,
      number: '5511222',
      lid: '777',
    });
    await expect(t.driver.checkContact(connection, '4400')).rejects.toMatchObject({
      code: 'ERR_WAPP_INVALID_CONTACT',
    });
    await expect(t.driver.profilePicture(connection, '5511222')).resolves.toBe(
      'https://pps.whatsapp.net/pic.jpg',
    );
  });

  it('refuses commands without a live session', async () => {
    const t = setup();
    await expect(
      t.driver.send(connection, {
        connectionId: 9,
        peer: { number: '1', isGroup: false },
        body: 'x',
      }),
    ).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
  });
});

describe('WhatsappDriver across workers', () => {
  const peer = { number: '5511222', isGroup: false };

  it('hands commands for a session held by another worker to that worker', async () => {
    const forwarded: { holder: string; call: WhatsappRemoteCall }[] = [];
    const t = setup({
      router: {
        holderElsewhere: async () => 'w-2',
        forward: async (holder, call) => {
          forwarded.push({ holder, call });
          return { externalId: 'REMOTE', ack: 1, sentAt: 'now' };
        },
      },
    });
    await expect(
      t.driver.send(connection, { connectionId: 9, peer, body: 'hi' }),
    ).resolves.toMatchObject({ externalId: 'REMOTE' });
    await t.driver.stop(connection, { logout: true });
    expect(forwarded.map((entry) => [entry.holder, entry.call.op])).toEqual([
      ['w-2', 'send'],
      ['w-2', 'stop'],
    ]);
    // the holder parks and wipes: nothing happened here
    expect(t.parked).toEqual([]);
  });

  it('runs handed-over commands on its own socket only', async () => {
    const t = setup({
      router: {
        holderElsewhere: async () => 'w-2',
        forward: async () => {
          throw new Error('must not forward again');
        },
      },
    });
    await expect(
      t.driver.execute({
        op: 'send',
        connection,
        command: { connectionId: 9, peer, body: 'x' },
      }),
    ).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED' });
  });

  it('removes a deleted connection: logout, wipe under the parked epoch, lease dropped', async () => {
    const t = setup();
    await t.driver.start(connection);
    const socket = t.sockets[0];
    await t.driver.remove(connection);
    expect(socket.loggedOut).toBe(true);
    expect(t.parked).toEqual([9]);
    expect(t.cleared).toEqual([6n]);
    expect(t.removed).toEqual([9]);
    expect(t.statuses.at(-1)).toEqual({ status: 'DISCONNECTED', qrcode: null, retries: 0 });
    expect(t.driver.isOpen(9)).toBe(false);
  });
});

describe('WhatsappDriver history import', () => {
  const now = Date.now();
  const message = (id: string, daysAgo: number) => ({
    key: { remoteJid: '5511999990001@s.whatsapp.net', id, fromMe: false },
    message: { conversation: `text ${id}` },
    messageTimestamp: Math.floor((now - daysAgo * 86_400_000) / 1000),
  });
  const history = (...messages: unknown[]) => ({
    contacts: [],
    chats: [],
    messages,
    isLatest: true,
  });

  const withImports = () => {
    const reported: string[] = [];
    const imports: HistoryImports = {
      window: async () => ({ from: now - 10 * 86_400_000, to: now, groups: false }),
      started: async () => void reported.push('started'),
      progress: async (_c, status) => void reported.push(`${status.this}/${status.all}`),
      finished: async (_c, imported) => void reported.push(`finished ${imported}`),
    };
    return { t: setup({ imports }), reported };
  };

  it('replays the window of the history after the quiet, oldest first, marked imported', async () => {
    const { t, reported } = withImports();
    await t.driver.start(connection);
    t.sockets[0].emit('messaging-history.set', history(message('b', 2), message('old', 30)));
    await flush();
    t.sockets[0].emit('messaging-history.set', history(message('a', 3)));
    await flush();
    expect(reported).toEqual(['started']);
    // each report restarts the quiet: the last timer replays
    const quiet = t.scheduled.filter((s) => s.delayMs === HistoryQuietMs);
    expect(quiet).toHaveLength(2);
    quiet.at(-1)!.run();
    await flush();
    await flush();
    expect(
      (t.received as { externalId: string; imported?: boolean }[]).map((m) => [
        m.externalId,
        m.imported,
      ]),
    ).toEqual([
      ['a', true],
      ['b', true],
    ]);
    expect(reported).toEqual(['started', '1/2', '2/2', 'finished 2']);
  });

  it('starts again on the next socket when the session restarted before the replay', async () => {
    const { t, reported } = withImports();
    await t.driver.start(connection);
    t.sockets[0].emit('messaging-history.set', history(message('a', 3)));
    await flush();
    const quiet = t.scheduled.find((s) => s.delayMs === HistoryQuietMs)!;
    t.sockets[0].emit('connection.update', closeWith(515));
    await flush();
    quiet.run();
    await flush();
    expect(t.received).toEqual([]);
    t.sockets[1].emit('messaging-history.set', history(message('a', 3)));
    await flush();
    expect(reported).toEqual(['started', 'started']);
  });
});
