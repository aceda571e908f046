import type {
  ChannelKind,
  CheckContactResult,
  ConnectionStatus,
  EditMessageCommand,
  InboundMessageEventData,
  MessageAckEventData,
  PhoneContact,
  PhoneContactsCommand,
  PresenceEventData,
  ReadMessagesCommand,
  RevokeMessageCommand,
  SendMessageCommand,
  SendMessageResult,
  SendRefusalDetails,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';

/**
 * What a driver gets to know about the connection it serves. `credentials` are the channel secrets
 * (never published, never answered over HTTP):
 * - whatsappapi: { phoneNumberId, accessToken, businessAccountId? }
 * - facebook:    { pageId, pageAccessToken }
 * - instagram:   { pageId, instagramId, pageAccessToken }
 * - whatsapp:    {} (Baileys keeps its auth state in its own tables)
 */
export type DriverConnection = {
  id: number;
  companyId: number;
  channel: ChannelKind;
  name: string;
  credentials: Record<string, string>;
};

/** A session change a driver reports (QR shown, paired, lost…); the connections domain stores and emits it. */
export type SessionStatusChange = {
  status: ConnectionStatus;
  qrcode?: string | null;
  retries?: number;
  /** the phone number once paired */
  number?: string | null;
};

/**
 * Where drivers hand what the channel tells them. The connections domain implements it: it writes the
 * change and its event (outbox) in one transaction, so nothing is lost when the process dies.
 */
export type ChannelEventSink = {
  messageReceived(companyId: number, data: InboundMessageEventData): Promise<void>;
  messageAck(companyId: number, data: MessageAckEventData): Promise<void>;
  presence(companyId: number, data: PresenceEventData): Promise<void>;
  sessionStatus(connectionId: number, change: SessionStatusChange): Promise<void>;
};

/**
 * One driver per channel kind (ARCHITECTURE.md §7). Commands throw AppError with the catalogue's codes:
 * ERR_WAPP_NOT_INITIALIZED (no live session), ERR_WAPP_INVALID_CONTACT, ERR_SENDING_WAPP_MSG (permanent
 * failure), ERR_DELETE_WAPP_MSG. Transient failures are retried by the outbound governor, not the driver.
 */
export type ChannelDriver = {
  readonly kind: ChannelKind;
  /**
   * True when the driver spreads its sessions over the workers itself (Baileys leases): the connections
   * domain then leaves re-opening them at boot to the driver.
   */
  readonly resumesSessions?: boolean;
  /** Opens (or re-opens) the connection's session: QR pairing for Baileys, a credentials check for Meta. */
  start(connection: DriverConnection): Promise<void>;
  /** Closes the session; with `logout` the pairing is forgotten (a new QR is needed). */
  stop(connection: DriverConnection, options: { logout: boolean }): Promise<void>;
  /**
   * The connection is being deleted: close and forget its session and everything stored for it (the
   * Baileys auth state). Drivers without session state leave it out; `stop` with logout is used then.
   */
  remove?(connection: DriverConnection): Promise<void>;
  send(connection: DriverConnection, command: SendMessageCommand): Promise<SendMessageResult>;
  revoke(connection: DriverConnection, command: RevokeMessageCommand): Promise<void>;
  edit(connection: DriverConnection, command: EditMessageCommand): Promise<void>;
  markRead(connection: DriverConnection, command: ReadMessagesCommand): Promise<void>;
  checkContact(connection: DriverConnection, number: string): Promise<CheckContactResult>;
  profilePicture(connection: DriverConnection, number: string): Promise<string | null>;
  /**
   * The people the connection's phone knows (its address book, or the peers of its chats), for the
   * contacts import. Only channels with a phone have it (Baileys); the others answer
   * ERR_WAPP_IMPORT_UNSUPPORTED (Cloud API and Messenger have no address book).
   */
  phoneContacts?(
    connection: DriverConnection,
    source: PhoneContactsCommand['source'],
  ): Promise<PhoneContact[]>;
};

/** Transient send failures (network, 429, 5xx) are thrown as this, so the governor retries them. */
export class TransientChannelError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'TransientChannelError';
  }
}

/**
 * What a driver other than the Cloud API answers a command carrying a `template`: templates are
 * Meta's approved Cloud API messages, and sending the command again cannot change that (`refused`).
 */
export function templateRefusal(kind: ChannelKind): AppError {
  const details: SendRefusalDetails = {
    refused: true,
    reason: `${kind} connections cannot send message templates`,
  };
  return new AppError('ERR_WAPP_TEMPLATES_UNSUPPORTED', { details });
}
