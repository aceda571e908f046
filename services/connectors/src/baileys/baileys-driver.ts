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
import type { ObjectStorage } from '@sb/storage';
import type { AuthenticationState, WAMessage } from '@whiskeysockets/baileys';
import {
  templateRefusal,
  type ChannelDriver,
  type ChannelEventSink,
  type DriverConnection,
  type SessionStatusChange,
} from '../drivers/channel-driver.js';
import type { SocketFactory, WhatsappSocket } from './baileys-socket.js';
import {
  DEFAULT_RECONNECT,
  reconnectDelay,
  retriesExhausted,
  type ReconnectPolicy,
} from './backoff.js';
import type { HistoryImports } from './history-import.js';
import type { PhoneBook } from './phone-contacts.repository.js';
import type { Scheduler, Session } from './session-state.js';
import { SocketCommands, type LocalCommands } from './socket-commands.js';
import { SocketEvents, type ConnectionUpdate } from './socket-events.js';

export type { Scheduler } from './session-state.js';

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

const defaultSchedule: Scheduler = (run, delayMs) => {
  const timer = setTimeout(run, delayMs);
  return () => clearTimeout(timer);
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
 * The Baileys (QR pairing) driver: the sessions' lifecycle (start, stop, reconnect under the lease) and
 * the commands' way to the worker holding the session. One live socket per connection this worker
 * holds the lease of; every status change carries the lease epoch and is dropped once another worker
 * took the session over. What the socket reports is routed by SocketEvents; the commands run on it
 * are SocketCommands.
 */
export class WhatsappDriver implements ChannelDriver {
  readonly kind = 'whatsapp' as const;
  /** The lease manager re-opens the sessions on whichever worker holds them. */
  readonly resumesSessions = true;
  private readonly sessions = new Map<number, Session>();
  private readonly policy: ReconnectPolicy;
  private readonly schedule: Scheduler;
  /** The commands on this worker's own socket. */
  private readonly localCommands: LocalCommands;
  private readonly events: SocketEvents;

  constructor(private readonly options: WhatsappDriverOptions) {
    this.policy = options.policy ?? DEFAULT_RECONNECT;
    this.schedule = options.schedule ?? defaultSchedule;
    this.localCommands = new SocketCommands((id) => this.liveSocket(id), options.storage);
    this.events = new SocketEvents({ ...options, schedule: this.schedule });
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
      this.localCommands.send(connection, command),
    );
  }

  revoke(connection: DriverConnection, command: RevokeMessageCommand): Promise<void> {
    return this.routed({ op: 'revoke', connection, command }, () =>
      this.localCommands.revoke(connection, command),
    );
  }

  edit(connection: DriverConnection, command: EditMessageCommand): Promise<void> {
    return this.routed({ op: 'edit', connection, command }, () =>
      this.localCommands.edit(connection, command),
    );
  }

  markRead(connection: DriverConnection, command: ReadMessagesCommand): Promise<void> {
    return this.routed({ op: 'markRead', connection, command }, () =>
      this.localCommands.markRead(connection, command),
    );
  }

  checkContact(connection: DriverConnection, number: string): Promise<CheckContactResult> {
    return this.routed({ op: 'checkContact', connection, number }, () =>
      this.localCommands.checkContact(connection, number),
    );
  }

  profilePicture(connection: DriverConnection, number: string): Promise<string | null> {
    return this.routed({ op: 'profilePicture', connection, number }, () =>
      this.localCommands.profilePicture(connection, number),
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

  private liveSocket(connectionId: number): WhatsappSocket {
    const socket = this.sessions.get(connectionId)?.socket;
    if (!socket?.user) throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    return socket;
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
    this.events.listen(session, socket, saveCreds, (update) =>
      this.onConnectionUpdate(session, update),
    );
  }

  private async onConnectionUpdate(session: Session, update: ConnectionUpdate): Promise<void> {
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
