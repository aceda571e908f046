import type {
  CheckContactResult,
  EditMessageCommand,
  PhoneContact,
  PhoneContactsCommand,
  ReadMessagesCommand,
  RevokeMessageCommand,
  SendMessageCommand,
  SendMessageResult,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { mediaKey, streamToBuffer, type ObjectStorage } from '@sb/storage';
import type { AnyMessageContent, WAMessage } from '@whiskeysockets/baileys';
import {
  templateRefusal,
  type ChannelDriver,
  type ChannelEventSink,
  type DriverConnection,
  type SessionStatusChange,
} from '../drivers/channel-driver.js';
import {
  DEFAULT_RECONNECT,
  reconnectDelay,
  retriesExhausted,
  type ReconnectPolicy,
} from './backoff.js';
import {
  ackOfStatus,
  jidOf,
  normaliseCall,
  normaliseMessage,
  presenceOf,
  type NormalisedMessage,
} from './normalise.js';
import {
  chatEntries,
  contactEntries,
  mappingEntries,
  mergeEntries,
  ownIdsOf,
  type PhoneContactEntry,
} from './phone-contacts.js';
import type { PhoneBook } from './phone-contacts.repository.js';
import {
  HistoryQuietMs,
  inImportWindow,
  reportsProgress,
  type HistoryImports,
  type ImportWindow,
} from './history-import.js';
import type { SocketFactory, WhatsappSocket } from './baileys-socket.js';
import type { AuthenticationState } from '@whiskeysockets/baileys';

/** Baileys' DisconnectReason codes the state machine distinguishes. */
const LOGGED_OUT = 401;
const FORBIDDEN = 403;
const CONNECTION_REPLACED = 440;
const RESTART_REQUIRED = 515;

/** QR codes shown before pairing gives up (BEHAVIOUR.md: after 3 QR codes → DISCONNECTED, creds wiped). */
export const MAX_QR_CODES = 3;

/** The auth state of one session, bound to the lease epoch its writes carry. */
export type WhatsappAuthStore = {
  load(
    connection: DriverConnection,
    epoch: bigint,
  ): Promise<{ state: AuthenticationState; saveCreds: () => Promise<void> }>;
  clear(connectionId: number, epoch: bigint): Promise<void>;
};

/** Who may run a session here, and with which epoch (the lease manager behind it). */
export type SessionFence = {
  /** Registers the session; resolves to this worker's epoch when it holds the lease, else null. */
  acquire(connection: DriverConnection): Promise<bigint | null>;
  /** True while `epoch` is still the stored one (status changes are dropped otherwise). */
  isCurrent(connectionId: number, epoch: bigint): Promise<boolean>;
  /**
   * The session must not run until started again (stopped, logged out, gave up): nobody claims it and
   * the epoch moves on. With `epoch`, only while it is current. Resolves to the new epoch or null.
   */
  park(connectionId: number, epoch?: bigint): Promise<bigint | null>;
  /** The connection is deleted: its lease goes (after the last fenced writes). */
  remove(connectionId: number): Promise<void>;
};

/** A command for a session, as it crosses to the worker that holds it. */
export type WhatsappRemoteCall =
  | { op: 'send'; connection: DriverConnection; command: SendMessageCommand }
  | { op: 'revoke'; connection: DriverConnection; command: RevokeMessageCommand }
  | { op: 'edit'; connection: DriverConnection; command: EditMessageCommand }
  | { op: 'markRead'; connection: DriverConnection; command: ReadMessagesCommand }
  | { op: 'checkContact'; connection: DriverConnection; number: string }
  | { op: 'profilePicture'; connection: DriverConnection; number: string }
  | { op: 'stop'; connection: DriverConnection; logout: boolean };

/**
 * Sessions live on the worker holding their lease; a command reaching another worker is handed to the
 * holder (over the bus, to the holder's own subject).
 */
export type WhatsappRouter = {
  /** The worker holding the session when it is another one; null when it is this one or nobody. */
  holderElsewhere(connectionId: number): Promise<string | null>;
  forward(holder: string, call: WhatsappRemoteCall): Promise<unknown>;
};

type LocalCommands = Pick<
  ChannelDriver,
  'send' | 'revoke' | 'edit' | 'markRead' | 'checkContact' | 'profilePicture'
>;

export type Scheduler = (run: () => void, delayMs: number) => () => void;

export type WhatsappDriverOptions = {
  sink: ChannelEventSink;
  socketFactory: SocketFactory;
  authStore: WhatsappAuthStore;
  fence: SessionFence;
  router?: WhatsappRouter;
  storage?: ObjectStorage;
  /** Keeps what the sessions report about their phone's contacts (no phone book: no contacts import). */
  phoneBook?: PhoneBook;
  /** Where a history import is reported (none: the history's messages are not imported). */
  imports?: HistoryImports;
  /** The quiet after the last history report before the import replays it (default 45 s). */
  historyQuietMs?: number;
  /** Downloads a media message; defaults to Baileys' downloadMediaMessage. */
  downloadMedia?: (message: WAMessage, socket: WhatsappSocket) => Promise<Buffer>;
  policy?: ReconnectPolicy;
  schedule?: Scheduler;
  random?: () => number;
  onError?: (error: unknown, connectionId: number) => void;
};

type Session = {
  connection: DriverConnection;
  epoch: bigint;
  socket?: WhatsappSocket;
  /** failed reconnects in a row */
  attempt: number;
  qrCount: number;
  stopped: boolean;
  /** the last status reported (the sessions gauge) */
  status?: SessionStatusChange['status'];
  cancelRetry?: () => void;
  /** the phone book writes, one after the other in the order Baileys reported them */
  contactWrites?: Promise<void>;
  /** the history import under way: its messages by id until the quiet, then replayed */
  history?: {
    window: ImportWindow;
    messages: Map<string, { message: WAMessage; normalised: NormalisedMessage }>;
    cancelQuiet?: () => void;
    replaying: boolean;
  };
};

const defaultSchedule: Scheduler = (run, delayMs) => {
  const timer = setTimeout(run, delayMs);
  return () => clearTimeout(timer);
};

const defaultDownload = async (message: WAMessage, socket: WhatsappSocket): Promise<Buffer> => {
  const { downloadMediaMessage } = await import('@whiskeysockets/baileys');
  return (await downloadMediaMessage(
    message,
    'buffer',
    {},
    {
      reuploadRequest: socket.updateMediaMessage,
      logger: (await import('./baileys-socket.js')).silentLogger,
    },
  )) as Buffer;
};

/** The bytes of a file to send; a file storage no longer has is ERR_WAPP_DOWNLOAD_MEDIA. */
const readStoredMedia = async (storage: ObjectStorage, key: string): Promise<Buffer> => {
  try {
    return await streamToBuffer((await storage.get(key)).stream);
  } catch (error) {
    throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', { details: { reason: String(error) } });
  }
};

/** Closing is best effort: a socket that is already gone has nothing left to close. */
const endSocket = (socket: WhatsappSocket): void => {
  void Promise.resolve()
    .then(() => socket.end(undefined))
    .catch(() => undefined);
};

const statusCodeOf = (error: unknown): number | undefined =>
  (error as { output?: { statusCode?: number } } | undefined)?.output?.statusCode;

/**
 * The Baileys (QR pairing) driver. One live socket per connection this worker holds the lease of; every
 * status change carries the lease epoch and is dropped once another worker took the session over.
 */
export class WhatsappDriver implements ChannelDriver {
  readonly kind = 'whatsapp' as const;
  /** The lease manager re-opens the sessions on whichever worker holds them. */
  readonly resumesSessions = true;
  private readonly sessions = new Map<number, Session>();
  private readonly policy: ReconnectPolicy;
  private readonly schedule: Scheduler;

  constructor(private readonly options: WhatsappDriverOptions) {
    this.policy = options.policy ?? DEFAULT_RECONNECT;
    this.schedule = options.schedule ?? defaultSchedule;
  }

  async start(connection: DriverConnection): Promise<void> {
    const epoch = await this.options.fence.acquire(connection);
    // Another worker holds the lease: it opens the session there.
    if (epoch === null) return;
    await this.openSession(connection, epoch);
  }

  /**
   * Works from any worker: parking moves the epoch on, so the holder (here or elsewhere) closes the
   * socket at its next renewal and can no longer write; the wipe then runs under the new epoch.
   */
  async stop(connection: DriverConnection, { logout }: { logout: boolean }): Promise<void> {
    if (!this.sessions.has(connection.id)) {
      // The holder closes its socket (and logs the phone out) itself, so a session restarted right
      // after never overlaps the old socket; should the holder not answer, parking fences it off.
      const holder = await this.holderElsewhere(connection.id);
      if (holder) {
        try {
          await this.options.router!.forward(holder, { op: 'stop', connection, logout });
          return;
        } catch (error) {
          this.options.onError?.(error, connection.id);
        }
      }
    }
    const session = this.sessions.get(connection.id);
    if (session) {
      if (logout && session.socket) await session.socket.logout().catch(() => undefined);
      await this.closeSession(connection.id);
    }
    const epoch = await this.options.fence.park(connection.id);
    if (epoch === null) return;
    if (logout) await this.options.authStore.clear(connection.id, epoch);
    await this.options.sink.sessionStatus(connection.id, {
      status: 'DISCONNECTED',
      qrcode: null,
      retries: 0,
    });
  }

  /** Deleting the connection: logged out, auth state wiped under the parked epoch, lease dropped. */
  async remove(connection: DriverConnection): Promise<void> {
    await this.stop(connection, { logout: true });
    await this.options.fence.remove(connection.id);
  }

  /**
   * Runs a command another worker handed over: on this worker's socket only, never forwarded again (a
   * session that moved meanwhile answers ERR_WAPP_NOT_INITIALIZED instead of looping).
   */
  async execute(call: WhatsappRemoteCall): Promise<unknown> {
    switch (call.op) {
      case 'send':
        return this.localCommands.send(call.connection, call.command);
      case 'revoke':
        return this.localCommands.revoke(call.connection, call.command);
      case 'edit':
        return this.localCommands.edit(call.connection, call.command);
      case 'markRead':
        return this.localCommands.markRead(call.connection, call.command);
      case 'checkContact':
        return this.localCommands.checkContact(call.connection, call.number);
      case 'profilePicture':
        return this.localCommands.profilePicture(call.connection, call.number);
      case 'stop':
        return this.stop(call.connection, { logout: call.logout });
    }
  }

  private async holderElsewhere(connectionId: number): Promise<string | null> {
    if (!this.options.router || this.sessions.has(connectionId)) return null;
    return this.options.router.holderElsewhere(connectionId);
  }

  /** The holder's answer when the session lives on another worker, else the local one. */
  private async routed<T>(call: WhatsappRemoteCall, run: () => Promise<T>): Promise<T> {
    const holder = await this.holderElsewhere(call.connection.id);
    if (!holder) return run();
    return (await this.options.router!.forward(holder, call)) as T;
  }

  /** Gives up on a session until someone starts it again. */
  private async giveUp(session: Session, change: SessionStatusChange): Promise<void> {
    if (!(await this.report(session, change))) return;
    await this.closeSession(session.connection.id);
    await this.options.fence.park(session.connection.id, session.epoch);
  }

  /** Opens the session under `epoch` (the lease manager calls it when this worker takes a lease). */
  async openSession(connection: DriverConnection, epoch: bigint): Promise<void> {
    const current = this.sessions.get(connection.id);
    if (current && current.epoch === epoch) return;
    await this.closeSession(connection.id);
    const session: Session = { connection, epoch, attempt: 0, qrCount: 0, stopped: false };
    this.sessions.set(connection.id, session);
    await this.connect(session);
  }

  /** Ends the socket without touching the pairing (lease lost, shed or service stopping). */
  async closeSession(connectionId: number): Promise<void> {
    const session = this.sessions.get(connectionId);
    if (!session) return;
    this.sessions.delete(connectionId);
    session.stopped = true;
    session.cancelRetry?.();
    session.history?.cancelQuiet?.();
    if (session.socket) endSocket(session.socket);
  }

  isOpen(connectionId: number): boolean {
    return this.sessions.has(connectionId);
  }

  /** The sessions this worker runs, by their last reported status (OPENING until the first one). */
  sessionStates(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const { status = 'OPENING' } of this.sessions.values()) {
      counts.set(status, (counts.get(status) ?? 0) + 1);
    }
    return counts;
  }

  send(connection: DriverConnection, command: SendMessageCommand): Promise<SendMessageResult> {
    if (command.template) return Promise.reject(templateRefusal(this.kind));
    return this.routed({ op: 'send', connection, command }, () =>
      this.sendHere(connection, command),
    );
  }

  revoke(connection: DriverConnection, command: RevokeMessageCommand): Promise<void> {
    return this.routed({ op: 'revoke', connection, command }, () =>
      this.revokeHere(connection, command),
    );
  }

  edit(connection: DriverConnection, command: EditMessageCommand): Promise<void> {
    return this.routed({ op: 'edit', connection, command }, () =>
      this.editHere(connection, command),
    );
  }

  markRead(connection: DriverConnection, command: ReadMessagesCommand): Promise<void> {
    return this.routed({ op: 'markRead', connection, command }, () =>
      this.markReadHere(connection, command),
    );
  }

  checkContact(connection: DriverConnection, number: string): Promise<CheckContactResult> {
    return this.routed({ op: 'checkContact', connection, number }, () =>
      this.checkContactHere(connection, number),
    );
  }

  profilePicture(connection: DriverConnection, number: string): Promise<string | null> {
    return this.routed({ op: 'profilePicture', connection, number }, () =>
      this.profilePictureHere(connection, number),
    );
  }

  /**
   * The people the phone reported (address book or chats), from the phone book every worker shares: no
   * need to reach the worker holding the session.
   */
  async phoneContacts(
    connection: DriverConnection,
    source: PhoneContactsCommand['source'],
  ): Promise<PhoneContact[]> {
    if (!this.options.phoneBook) throw new AppError('ERR_WAPP_IMPORT_UNSUPPORTED');
    return this.options.phoneBook.list(connection.companyId, connection.id, source);
  }

  /** The commands on this worker's own socket. */
  private readonly localCommands: LocalCommands = {
    send: (connection, command) => this.sendHere(connection, command),
    revoke: (connection, command) => this.revokeHere(connection, command),
    edit: (connection, command) => this.editHere(connection, command),
    markRead: (connection, command) => this.markReadHere(connection, command),
    checkContact: (connection, number) => this.checkContactHere(connection, number),
    profilePicture: (connection, number) => this.profilePictureHere(connection, number),
  };

  private async sendHere(
    connection: DriverConnection,
    command: SendMessageCommand,
  ): Promise<SendMessageResult> {
    const socket = this.liveSocket(connection.id);
    const jid = jidOf(command.peer);
    const content = command.reaction
      ? {
          react: {
            text: command.body,
            key: {
              remoteJid: jid,
              id: command.reaction.externalId,
              fromMe: command.reaction.fromMe,
            },
          },
        }
      : await this.contentOf(command);
    const quoted = command.quotedExternalId
      ? ({
          key: { remoteJid: jid, id: command.quotedExternalId, fromMe: false },
          message: { conversation: '' },
        } as WAMessage)
      : undefined;
    let sent: WAMessage | undefined;
    try {
      sent = await socket.sendMessage(jid, content, quoted ? { quoted } : undefined);
    } catch (error) {
      throw new AppError('ERR_SENDING_WAPP_MSG', { details: { reason: String(error) } });
    }
    if (!sent?.key.id) throw new AppError('ERR_SENDING_WAPP_MSG');
    return { externalId: sent.key.id, ack: 1, sentAt: new Date().toISOString() };
  }

  private async revokeHere(
    connection: DriverConnection,
    command: RevokeMessageCommand,
  ): Promise<void> {
    const socket = this.liveSocket(connection.id);
    const jid = jidOf(command.peer);
    try {
      await socket.sendMessage(jid, {
        delete: { remoteJid: jid, id: command.externalId, fromMe: command.fromMe },
      });
    } catch (error) {
      throw new AppError('ERR_DELETE_WAPP_MSG', { details: { reason: String(error) } });
    }
  }

  private async editHere(connection: DriverConnection, command: EditMessageCommand): Promise<void> {
    const socket = this.liveSocket(connection.id);
    const jid = jidOf(command.peer);
    try {
      await socket.sendMessage(jid, {
        text: command.body,
        edit: { remoteJid: jid, id: command.externalId, fromMe: true },
      });
    } catch (error) {
      throw new AppError('ERR_SENDING_WAPP_MSG', { details: { reason: String(error) } });
    }
  }

  private async markReadHere(
    connection: DriverConnection,
    command: ReadMessagesCommand,
  ): Promise<void> {
    const socket = this.liveSocket(connection.id);
    const jid = jidOf(command.peer);
    await socket.readMessages(
      command.externalIds.map((id) => ({ remoteJid: jid, id, fromMe: false })),
    );
  }

  private async checkContactHere(
    connection: DriverConnection,
    number: string,
  ): Promise<CheckContactResult> {
    const socket = this.liveSocket(connection.id);
    const digits = number.replace(/\D/g, '');
    if (!digits) throw new AppError('ERR_WAPP_INVALID_CONTACT');
    let found: { jid: string; exists: boolean; lid?: unknown }[] | undefined;
    try {
      found = await socket.onWhatsApp(`${digits}@s.whatsapp.net`);
    } catch {
      throw new AppError('ERR_WAPP_CHECK_CONTACT');
    }
    const hit = found?.find((entry) => entry.exists);
    if (!hit) throw new AppError('ERR_WAPP_INVALID_CONTACT');
    const result: CheckContactResult = { exists: true, number: hit.jid.split('@')[0] };
    if (typeof hit.lid === 'string' && hit.lid) result.lid = hit.lid.split('@')[0];
    return result;
  }

  private async profilePictureHere(
    connection: DriverConnection,
    number: string,
  ): Promise<string | null> {
    const socket = this.liveSocket(connection.id);
    const jid = number.includes('@') ? number : `${number.replace(/\D/g, '')}@s.whatsapp.net`;
    try {
      return (await socket.profilePictureUrl(jid, 'image')) ?? null;
    } catch {
      // No picture, or hidden by the contact's privacy settings.
      return null;
    }
  }

  private liveSocket(connectionId: number): WhatsappSocket {
    const socket = this.sessions.get(connectionId)?.socket;
    if (!socket?.user) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    return socket;
  }

  private async contentOf(command: SendMessageCommand): Promise<AnyMessageContent> {
    if (command.vcard) {
      return { contacts: { displayName: command.body, contacts: [{ vcard: command.vcard }] } };
    }
    if (!command.media) return { text: command.body };
    if (!this.options.storage) throw new AppError('ERR_SENDING_WAPP_MSG');
    const { media } = command;
    const buffer = await readStoredMedia(this.options.storage, media.key);
    const caption = command.body || undefined;
    if (media.mediaType === 'image') return { image: buffer, caption, mimetype: media.mimeType };
    if (media.mediaType === 'video') return { video: buffer, caption, mimetype: media.mimeType };
    if (media.mediaType === 'audio') {
      return { audio: buffer, mimetype: media.mimeType, ptt: media.mimeType.includes('ogg') };
    }
    return { document: buffer, mimetype: media.mimeType, fileName: media.fileName, caption };
  }

  private async connect(session: Session): Promise<void> {
    if (session.stopped) return;
    await this.report(session, { status: 'OPENING' });
    const { state, saveCreds } = await this.options.authStore.load(
      session.connection,
      session.epoch,
    );
    if (session.stopped) return;
    const socket = await this.options.socketFactory({
      connectionId: session.connection.id,
      auth: state,
    });
    if (session.stopped) {
      endSocket(socket);
      return;
    }
    session.socket = socket;
    this.listen(session, socket, saveCreds);
  }

  private listen(session: Session, socket: WhatsappSocket, saveCreds: () => Promise<void>): void {
    const guard =
      <T>(handler: (value: T) => Promise<void>) =>
      (value: T): void => {
        if (session.stopped || session.socket !== socket) return;
        handler(value).catch((error: unknown) =>
          this.options.onError?.(error, session.connection.id),
        );
      };
    socket.ev.on(
      'creds.update',
      guard(async () => saveCreds()),
    );
    socket.ev.on(
      'connection.update',
      guard(async (update) => this.onConnectionUpdate(session, update)),
    );
    socket.ev.on(
      'messages.upsert',
      guard(async ({ messages, type }) => {
        for (const message of messages) {
          const normalised = normaliseMessage(session.connection.id, message);
          if (!normalised) continue;
          if (type === 'append') normalised.data.imported = true;
          await this.deliver(session, socket, message, normalised);
        }
      }),
    );
    socket.ev.on(
      'messages.update',
      guard(async (updates) => {
        for (const { key, update } of updates) {
          const ack = ackOfStatus(update.status);
          if (ack === null || !key.id || !key.fromMe) continue;
          await this.options.sink.messageAck(session.connection.companyId, {
            connectionId: session.connection.id,
            externalId: key.id,
            ack,
          });
        }
      }),
    );
    socket.ev.on(
      'presence.update',
      guard(async ({ id, presences }) => {
        for (const [participant, data] of Object.entries(presences)) {
          const presence = presenceOf(data.lastKnownPresence);
          if (!presence) continue;
          await this.options.sink.presence(session.connection.companyId, {
            connectionId: session.connection.id,
            peerNumber: (id.endsWith('@g.us') ? id : participant).split('@')[0],
            presence,
          });
        }
      }),
    );
    // Baileys 7 keeps no store: the phone's contacts and chats are kept as they are reported.
    socket.ev.on(
      'contacts.upsert',
      guard(async (contacts) => this.keepContacts(session, socket, contactEntries(contacts, true))),
    );
    socket.ev.on(
      'contacts.update',
      guard(async (updates) => this.keepContacts(session, socket, contactEntries(updates, false))),
    );
    socket.ev.on(
      'chats.upsert',
      guard(async (chats) => this.keepContacts(session, socket, chatEntries(chats))),
    );
    socket.ev.on(
      'lid-mapping.update',
      guard(async (mapping) => this.keepContacts(session, socket, mappingEntries([mapping]))),
    );
    socket.ev.on(
      'messaging-history.set',
      guard(async ({ contacts, chats, lidPnMappings, messages }) => {
        await this.keepContacts(session, socket, [
          ...mappingEntries(lidPnMappings),
          ...contactEntries(contacts, true),
          ...chatEntries(chats),
        ]);
        await this.collectHistory(session, socket, messages ?? []);
      }),
    );
    socket.ev.on(
      'call',
      guard(async (calls) => {
        for (const call of calls) {
          const data = normaliseCall(session.connection.id, call);
          if (data) await this.options.sink.messageReceived(session.connection.companyId, data);
        }
      }),
    );
  }

  /**
   * One upsert per report (in batches), without the session's own number. Reports are written in the
   * order they came (event handlers run concurrently), so a later rename is never overwritten by an
   * earlier, larger report that took longer to write.
   */
  private async keepContacts(
    session: Session,
    socket: WhatsappSocket,
    entries: PhoneContactEntry[],
  ): Promise<void> {
    const { phoneBook } = this.options;
    if (!phoneBook || entries.length === 0) return;
    const merged = mergeEntries(entries, ownIdsOf(socket.user));
    if (merged.length === 0) return;
    const { companyId, id } = session.connection;
    const write = (session.contactWrites ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => phoneBook.save(companyId, id, merged));
    session.contactWrites = write;
    await write;
  }

  /**
   * Keeps the reported history messages inside the connection's import window (spec 2 §3: between the
   * two import dates, groups when asked) and restarts the quiet timer; none asked, nothing kept.
   */
  private async collectHistory(
    session: Session,
    socket: WhatsappSocket,
    messages: WAMessage[],
  ): Promise<void> {
    const { imports } = this.options;
    if (!imports || messages.length === 0) return;
    if (!session.history) {
      const window = await imports.window(session.connection.id);
      if (!window) return;
      // another report may have started it while the window was read
      if (!session.history) {
        session.history = { window, messages: new Map(), replaying: false };
        await imports.started(session.connection.id);
      }
    }
    const history = session.history;
    if (history.replaying) return;
    for (const message of messages) {
      const normalised = normaliseMessage(session.connection.id, message);
      if (!normalised || !inImportWindow(normalised.data, history.window)) continue;
      history.messages.set(normalised.data.externalId, { message, normalised });
    }
    history.cancelQuiet?.();
    history.cancelQuiet = this.schedule(() => {
      history.cancelQuiet = undefined;
      this.replayHistory(session, socket).catch((error: unknown) =>
        this.options.onError?.(error, session.connection.id),
      );
    }, this.options.historyQuietMs ?? HistoryQuietMs);
  }

  /**
   * Replays the kept history, oldest first, through the normal inbound path marked imported (no bot,
   * no unread count), with its progress; a session closed meanwhile leaves the rest (and the dates, so
   * the next pairing's history is imported again).
   */
  private async replayHistory(session: Session, socket: WhatsappSocket): Promise<void> {
    const { imports } = this.options;
    const history = session.history;
    if (!imports || !history || history.replaying) return;
    history.replaying = true;
    const entries = [...history.messages.values()].sort((a, b) =>
      a.normalised.data.sentAt.localeCompare(b.normalised.data.sentAt),
    );
    for (const [index, { message, normalised }] of entries.entries()) {
      if (session.stopped || session.socket !== socket) {
        // the next socket's history starts the import again
        if (session.history === history) session.history = undefined;
        return;
      }
      normalised.data.imported = true;
      await this.deliver(session, socket, message, normalised);
      const done = index + 1;
      if (reportsProgress(done, entries.length)) {
        await imports.progress(session.connection, {
          this: done,
          all: entries.length,
          date: normalised.data.sentAt,
        });
      }
    }
    session.history = undefined;
    await imports.finished(session.connection, entries.length);
  }

  private async deliver(
    session: Session,
    socket: WhatsappSocket,
    message: WAMessage,
    { data, media }: NormalisedMessage,
  ): Promise<void> {
    const { storage } = this.options;
    if (media && storage) {
      try {
        const download = this.options.downloadMedia ?? defaultDownload;
        const buffer = await download(message, socket);
        const key = mediaKey({
          companyId: session.connection.companyId,
          area: 'messages',
          fileName: media.fileName,
        });
        await storage.put(key, buffer, { contentType: media.mimeType, size: buffer.length });
        data.media = {
          key,
          mimeType: media.mimeType,
          fileName: media.fileName,
          size: buffer.length,
          mediaType: media.mediaType,
        };
      } catch (error) {
        // The text part still reaches the ticket; the media is reported as lost.
        this.options.onError?.(error, session.connection.id);
      }
    }
    await this.options.sink.messageReceived(session.connection.companyId, data);
  }

  private async onConnectionUpdate(
    session: Session,
    update: Partial<{
      connection: string;
      qr: string;
      isNewLogin: boolean;
      lastDisconnect: { error: unknown };
    }>,
  ): Promise<void> {
    if (update.qr) {
      session.qrCount += 1;
      if (session.qrCount > MAX_QR_CODES) {
        // Nobody scanned: give up and forget the half-made pairing.
        await this.options.authStore.clear(session.connection.id, session.epoch);
        await this.giveUp(session, { status: 'DISCONNECTED', qrcode: null, retries: 0 });
        return;
      }
      await this.report(session, { status: 'qrcode', qrcode: update.qr, retries: session.qrCount });
      return;
    }
    if (update.isNewLogin) {
      await this.report(session, { status: 'PAIRING', qrcode: null });
      return;
    }
    if (update.connection === 'open') {
      session.attempt = 0;
      session.qrCount = 0;
      const user = session.socket?.user;
      await this.report(session, {
        status: 'CONNECTED',
        qrcode: null,
        retries: 0,
        number: user?.id ? user.id.split('@')[0].split(':')[0] : null,
      });
      return;
    }
    if (update.connection === 'close')
      await this.onClose(session, statusCodeOf(update.lastDisconnect?.error));
  }

  private async onClose(session: Session, code: number | undefined): Promise<void> {
    session.socket = undefined;
    if (code === CONNECTION_REPLACED) {
      await this.giveUp(session, { status: 'DISCONNECTED', qrcode: null });
      return;
    }
    if (code === LOGGED_OUT || code === FORBIDDEN) {
      // Unpaired on the phone: wipe the auth state and start over with a fresh QR.
      await this.options.authStore.clear(session.connection.id, session.epoch);
      session.attempt = 0;
      session.qrCount = 0;
      await this.connect(session);
      return;
    }
    if (code === RESTART_REQUIRED) {
      await this.connect(session);
      return;
    }
    session.attempt += 1;
    if (retriesExhausted(session.attempt, this.policy)) {
      await this.giveUp(session, { status: 'TIMEOUT', qrcode: null, retries: session.attempt - 1 });
      return;
    }
    await this.report(session, { status: 'DISCONNECTED', qrcode: null, retries: session.attempt });
    const delay = reconnectDelay(session.attempt, this.policy, this.options.random);
    session.cancelRetry = this.schedule(() => {
      session.cancelRetry = undefined;
      this.connect(session).catch((error: unknown) =>
        this.options.onError?.(error, session.connection.id),
      );
    }, delay);
  }

  /** A status change, dropped (and the session closed) once this worker's epoch is stale. */
  private async report(session: Session, change: SessionStatusChange): Promise<boolean> {
    if (!(await this.options.fence.isCurrent(session.connection.id, session.epoch))) {
      await this.closeSession(session.connection.id);
      return false;
    }
    session.status = change.status;
    await this.options.sink.sessionStatus(session.connection.id, change);
    return true;
  }
}
