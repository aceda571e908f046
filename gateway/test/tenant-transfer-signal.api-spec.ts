import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { Subjects } from '@sb/contracts';
import {
  AuthCipher,
  configureSessionCipher,
  sessionEncryptionKey,
  silentLogger,
  type SocketFactory,
  type WhatsappSocket,
} from '@sb/connectors/baileys';
import { createStorage, type ObjectStorage } from '@sb/storage';
import {
  addTransactionCapability,
  BufferJSON,
  DEFAULT_CONNECTION_CONFIG,
  generateSignalPubKey,
  getNextPreKeys,
  initAuthCreds,
  type AuthenticationCreds,
  type AuthenticationState,
  type SignalKeyStore,
} from '@whiskeysockets/baileys';
import pg from 'pg';
import { sleep } from './support/gateway-harness.js';
import {
  startConversationStack,
  type RunningConversationStack,
} from './support/conversation-stack.js';
import { carryBundle, operate } from './support/tenant-transfer.js';

// A company's WhatsApp (Baileys) session moved between installations with real Signal keys: a peer
// opens a Signal session to the company's phone from its pre-key bundle, the source's connectors
// decrypts it through the auth state in its database, the company is exported and imported into an
// installation with another auth-state key, and the peer's next message decrypts at the target with
// the imported (re-sealed) keys; the pairing (creds) arrives whole, so no new QR code is needed.

const key = 'an operator secret for the moved phone';
const ourJid = '5511990009999:7@s.whatsapp.net';
const peerJid = '5511990003001@s.whatsapp.net';

/** One Baileys socket the connectors service asked for: the auth state it handed in, its events. */
type OpenedSocket = {
  connectionId: number;
  auth: AuthenticationState;
  socket: { user?: { id: string } };
  emit(event: string, value: unknown): void;
};

/** A silent socket factory (no WhatsApp in tests) that keeps what each session was opened with. */
const recordingSockets = () => {
  const opened: OpenedSocket[] = [];
  const factory: SocketFactory = async ({ connectionId, auth }) => {
    const events = new EventEmitter();
    const socket = {
      ev: { on: (event: string, listener: (value: unknown) => void) => events.on(event, listener) },
      user: undefined as { id: string } | undefined,
      end: () => undefined,
      logout: async () => undefined,
    };
    opened.push({ connectionId, auth, socket, emit: (event, value) => events.emit(event, value) });
    return socket as unknown as WhatsappSocket;
  };
  /** the last socket opened for the connection, once the service opened it */
  const of = async (connectionId: number): Promise<OpenedSocket> => {
    for (let i = 0; i < 100; i++) {
      const found = opened.findLast((entry) => entry.connectionId === connectionId);
      if (found) return found;
      await sleep(50);
    }
    throw new Error(`no session was opened for connection ${connectionId}`);
  };
  return { factory, of };
};

/** The peer's phone: fresh creds and keys in memory (no database). */
const memoryKeys = (): SignalKeyStore => {
  const stored = new Map<string, string>();
  return {
    get: async (type, ids) =>
      Object.fromEntries(
        ids
          .filter((id) => stored.has(`${type}/${id}`))
          .map((id) => [id, JSON.parse(stored.get(`${type}/${id}`)!, BufferJSON.reviver)]),
      ),
    set: async (data) => {
      for (const [type, entries] of Object.entries(data)) {
        for (const [id, value] of Object.entries(entries ?? {})) {
          if (value === null || value === undefined) stored.delete(`${type}/${id}`);
          else stored.set(`${type}/${id}`, JSON.stringify(value, BufferJSON.replacer));
        }
      }
    },
  };
};

/** Baileys' own Signal repository over an auth state, as its socket builds one. */
const signalOf = (creds: AuthenticationCreds, keys: SignalKeyStore) =>
  DEFAULT_CONNECTION_CONFIG.makeSignalRepository(
    {
      creds,
      keys: addTransactionCapability(keys, silentLogger, {
        maxCommitRetries: 1,
        delayBetweenTriesMs: 0,
      }),
    },
    silentLogger,
  );

const query = async <T>(url: string, sql: string, params: unknown[]): Promise<T[]> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
};

/** The connection's creds row as stored (sealed), null until the session saved it. */
const sealedCreds = async (stack: RunningConversationStack, connectionId: number) => {
  const rows = await query<{ value: Buffer }>(
    stack.databaseUrls.connectors!,
    `SELECT value FROM connectors.whatsapp_auth_creds WHERE connection_id = $1`,
    [connectionId],
  );
  return rows[0]?.value ?? null;
};

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

describe('a WhatsApp session moved between two installations', () => {
  // each installation seals the auth state with its own key; channel secrets share one (SECRETS_KEYS)
  // so the Cloud API connection both stacks create opens whichever stack's ring the process holds
  const sourceEnv = { SESSION_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
  const targetEnv = { SESSION_ENCRYPTION_KEY: randomBytes(32).toString('hex') };
  const secretsKeys = { SECRETS_KEYS: 'shared:channel secrets of both installations' };
  const sourceSockets = recordingSockets();
  const targetSockets = recordingSockets();
  let source: RunningConversationStack;
  let target: RunningConversationStack;
  let sourceStorage: ObjectStorage;
  let targetStorage: ObjectStorage;
  // Baileys' repositories keep caches with timers until closed
  const repositories: { close?: () => void }[] = [];

  beforeAll(async () => {
    [source, target] = await Promise.all([
      startConversationStack({
        name: 'signal_from',
        campaigns: true,
        reporting: true,
        env: { ...sourceEnv, ...secretsKeys },
        whatsappSocketFactory: sourceSockets.factory,
      }),
      startConversationStack({
        name: 'signal_to',
        campaigns: true,
        reporting: true,
        env: { ...targetEnv, ...secretsKeys },
        whatsappSocketFactory: targetSockets.factory,
      }),
    ]);
    sourceStorage = await createStorage({ MEDIA_DIR: source.mediaDir });
    targetStorage = await createStorage({ MEDIA_DIR: target.mediaDir });
  }, 180_000);

  afterAll(async () => {
    for (const repository of repositories) repository.close?.();
    await Promise.all([source?.close(), target?.close()]);
  }, 60_000);

  it("decrypts the peer's next message at the target, paired without a QR code", async () => {
    // the company's phone at the source: the service opens the session on its Postgres auth state
    const connection = await source.api<{ id: number }>('admin', 'POST', '/whatsapp', {
      name: 'Moved phone',
    });
    const ours = await sourceSockets.of(connection.id);
    // what a pairing leaves: who we are, pre-keys for peers (written through the service's key store)
    ours.auth.creds.me = { id: ourJid, name: 'Moved Co' };
    const { update, preKeys } = await getNextPreKeys(ours.auth, 5);
    Object.assign(ours.auth.creds, update);
    ours.socket.user = { id: ourJid };
    ours.emit('creds.update', update);
    ours.emit('connection.update', { connection: 'open' });
    for (let i = 0; i < 100 && !(await sealedCreds(source, connection.id)); i++) await sleep(50);
    const sourceCipher = new AuthCipher(sessionEncryptionKey(sourceEnv).key);
    const saved = JSON.parse(
      sourceCipher.decrypt((await sealedCreds(source, connection.id))!),
      BufferJSON.reviver,
    ) as AuthenticationCreds;
    expect(saved.me?.id).toBe(ourJid);

    // the peer builds a session from our bundle (identity, signed pre-key, one pre-key) and writes
    const peer = signalOf(initAuthCreds(), memoryKeys());
    repositories.push(peer);
    const [preKeyId, preKey] = Object.entries(preKeys)[0]!;
    const { creds } = ours.auth;
    await peer.injectE2ESession({
      jid: ourJid,
      session: {
        registrationId: creds.registrationId,
        identityKey: generateSignalPubKey(creds.signedIdentityKey.public),
        signedPreKey: {
          keyId: creds.signedPreKey.keyId,
          publicKey: generateSignalPubKey(creds.signedPreKey.keyPair.public),
          signature: creds.signedPreKey.signature,
        },
        preKey: { keyId: Number(preKeyId), publicKey: generateSignalPubKey(preKey.public) },
      },
    });
    const first = await peer.encryptMessage({ jid: ourJid, data: Buffer.from('Olá, primeira') });
    expect(first.type).toBe('pkmsg');
    const atSource = signalOf(ours.auth.creds, ours.auth.keys);
    repositories.push(atSource);
    expect(text(await atSource.decryptMessage({ jid: peerJid, ...first }))).toBe('Olá, primeira');
    // our reply completes the handshake: the peer's next message is a plain ratchet message
    const reply = await atSource.encryptMessage({ jid: peerJid, data: Buffer.from('Oi!') });
    expect(text(await peer.decryptMessage({ jid: ourJid, ...reply }))).toBe('Oi!');

    // one process plays both installations, and the tenant part reads the process's auth-state key:
    // the source's while it exports, the target's while it imports
    configureSessionCipher(sourceEnv);
    const exported = await operate(source, Subjects.identity.tenantOperationExport, {
      id: source.companyId,
      key,
    });
    expect(exported).toMatchObject({ kind: 'export', status: 'done', error: null });
    const bundleKey = await carryBundle(exported, sourceStorage, targetStorage);
    configureSessionCipher(targetEnv);
    const imported = await operate(target, Subjects.identity.tenantOperationImport, {
      bundleKey,
      key,
      name: 'Moved Co',
    });
    expect(imported).toMatchObject({ kind: 'import', status: 'done', error: null });

    // the imported connection: a new id, its session opened by the target on the imported state
    const [moved] = await query<{ id: number }>(
      target.databaseUrls.connectors!,
      `SELECT id FROM connectors.connections WHERE company_id = $1 AND channel = 'whatsapp'`,
      [imported.companyId],
    );
    expect(moved).toBeDefined();
    const theirs = await targetSockets.of(moved!.id);
    expect(theirs.auth.creds.me?.id).toBe(ourJid);
    expect(theirs.auth.creds.registrationId).toBe(creds.registrationId);
    expect(hex(theirs.auth.creds.noiseKey.private)).toBe(hex(creds.noiseKey.private));
    expect(hex(theirs.auth.creds.signedIdentityKey.private)).toBe(
      hex(creds.signedIdentityKey.private),
    );

    // re-sealed with the target's key: the source's no longer opens the rows
    const targetSealed = (await sealedCreds(target, moved!.id))!;
    expect(() => sourceCipher.decrypt(targetSealed)).toThrow();
    const targetCipher = new AuthCipher(sessionEncryptionKey(targetEnv).key);
    expect(
      (JSON.parse(targetCipher.decrypt(targetSealed), BufferJSON.reviver) as AuthenticationCreds).me
        ?.id,
    ).toBe(ourJid);

    // the peer's next message, on the same Signal session, decrypts with the imported keys
    const second = await peer.encryptMessage({ jid: ourJid, data: Buffer.from('Segunda, já lá') });
    expect(second.type).toBe('msg');
    const atTarget = signalOf(theirs.auth.creds, theirs.auth.keys);
    repositories.push(atTarget);
    expect(text(await atTarget.decryptMessage({ jid: peerJid, ...second }))).toBe('Segunda, já lá');
  }, 60_000);
});
