import { mediaKey, type ObjectStorage } from '@sb/storage';
import type { WAMessage } from '@whiskeysockets/baileys';
import type { ChannelEventSink } from '../drivers/channel-driver.js';
import type { WhatsappSocket } from './baileys-socket.js';
import {
  HistoryQuietMs,
  inImportWindow,
  reportsProgress,
  type HistoryImports,
} from './history-import.js';
import {
  ackOfStatus,
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
import type { Scheduler, Session } from './session-state.js';

/** What Baileys reports about the connection itself; the driver's lifecycle handles it. */
export type ConnectionUpdate = Partial<{
  connection: string;
  qr: string;
  isNewLogin: boolean;
  lastDisconnect: { error: unknown };
}>;

export type SocketEventsOptions = {
  sink: ChannelEventSink;
  storage?: ObjectStorage;
  phoneBook?: PhoneBook;
  imports?: HistoryImports;
  historyQuietMs?: number;
  downloadMedia?: (message: WAMessage, socket: WhatsappSocket) => Promise<Buffer>;
  schedule: Scheduler;
  onError?: (error: unknown, connectionId: number) => void;
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

/**
 * The inbound side of a session: routes what a Baileys socket reports to the event sink (messages,
 * acks, presence, calls), the phone book (contacts, chats) and the history import.
 */
export class SocketEvents {
  constructor(private readonly options: SocketEventsOptions) {}

  /**
   * Subscribes to the socket's events; each handler runs only while `socket` is still the session's
   * own, and its failures go to onError.
   */
  listen(
    session: Session,
    socket: WhatsappSocket,
    saveCreds: () => Promise<void>,
    onConnectionUpdate: (update: ConnectionUpdate) => Promise<void>,
  ): void {
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
      guard(async (update) => onConnectionUpdate(update)),
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
    history.cancelQuiet = this.options.schedule(() => {
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

  /** A message to the sink, its media stored first (a media that fails to download is dropped). */
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
}
