import type { WAMessage } from '@whiskeysockets/baileys';
import type { DriverConnection, SessionStatusChange } from '../drivers/channel-driver.js';
import type { WhatsappSocket } from './baileys-socket.js';
import type { ImportWindow } from './history-import.js';
import type { NormalisedMessage } from './normalise.js';

/** Runs `run` after `delayMs`; the answer cancels it (timers are swapped for a fake one in tests). */
export type Scheduler = (run: () => void, delayMs: number) => () => void;

/**
 * One session this worker runs: its lifecycle (the driver) and its socket's event handlers share it.
 */
export type Session = {
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
