import { EventEmitter } from 'node:events';

/** One socket the fake handed out: what the driver listens to, and what the test makes it say. */
export type FakeBaileysSocket = {
  connectionId: number;
  ended: boolean;
  /** emits a Baileys event; `connection.update` with a connection sets the paired `user` */
  emit(event: string, value: unknown): void;
};

/** A Baileys message as `messages.upsert` and `messaging-history.set` carry it. */
export type FakeBaileysMessage = {
  key: { remoteJid: string; id: string; fromMe: boolean; participant?: string };
  message: { conversation: string };
  messageTimestamp: number;
  pushName?: string;
};

/**
 * The Baileys driver's test double: a socket factory (pass it where the connectors service takes
 * `whatsappSocketFactory`) whose sockets emit Baileys-shaped events the test chooses, so sessions,
 * contacts and history imports run without a phone or WhatsApp's servers.
 */
export class FakeBaileys {
  readonly sockets: FakeBaileysSocket[] = [];

  constructor(private readonly ownNumber = '5511900000001') {}

  /** The factory; typed loosely so this package needs no connectors import (cast it to SocketFactory). */
  readonly factory = async ({ connectionId }: { connectionId: number }): Promise<unknown> => {
    const events = new EventEmitter();
    const socket = {
      ev: { on: (event: string, listener: (value: unknown) => void) => events.on(event, listener) },
      user: undefined as { id: string; lid?: string } | undefined,
      end: () => {
        fake.ended = true;
      },
      logout: async () => undefined,
    };
    const fake: FakeBaileysSocket = {
      connectionId,
      ended: false,
      emit: (event, value) => {
        if (event === 'connection.update' && (value as { connection?: string }).connection) {
          socket.user = { id: `${this.ownNumber}:4@s.whatsapp.net`, lid: '900000000000001:4@lid' };
        }
        events.emit(event, value);
      },
    };
    this.sockets.push(fake);
    return socket;
  };

  /** The socket of the connection's open session, if any. */
  live(connectionId: number): FakeBaileysSocket | undefined {
    return this.sockets.find((socket) => socket.connectionId === connectionId && !socket.ended);
  }

  /** A text message from (or to, `fromMe`) a phone number or group jid, sent at `at`. */
  static message(
    id: string,
    peer: string,
    at: Date,
    options: { text?: string; fromMe?: boolean; name?: string } = {},
  ): FakeBaileysMessage {
    const remoteJid = peer.includes('@') ? peer : `${peer}@s.whatsapp.net`;
    return {
      key: {
        remoteJid,
        id,
        fromMe: options.fromMe ?? false,
        ...(remoteJid.endsWith('@g.us') ? { participant: '5511955550000@s.whatsapp.net' } : {}),
      },
      message: { conversation: options.text ?? `message ${id}` },
      messageTimestamp: Math.floor(at.getTime() / 1000),
      ...(options.name ? { pushName: options.name } : {}),
    };
  }
}
