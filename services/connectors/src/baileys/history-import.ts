import type { ImportProgress, InboundMessageEventData } from '@sb/contracts';
import type { DriverConnection } from '../drivers/channel-driver.js';

/**
 * Baileys hands a new pairing's history in several `messaging-history.set` reports; the import replays
 * them once none came for this long (BEHAVIOUR.md §10: 45 s of quiet).
 */
export const HistoryQuietMs = 45_000;

/** A progress event every this many replayed messages (and for the first and the last). */
export const HistoryProgressEvery = 10;

const DayMs = 86_400_000;

/** The messages an import takes: sent between `from` and `to` (epoch ms), groups only when asked. */
export type ImportWindow = { from: number; to: number; groups: boolean };

/** The connection's import settings (spec 2 §3), as stored. */
export type ImportSettings = {
  importOldMessages: string | null;
  importRecentMessages: string | null;
  importOldMessagesGroups: boolean;
};

const timeOf = (value: string): number => new Date(value).getTime();

/**
 * The window the settings ask for, or null when no import is asked (no old date). A date without a
 * time takes its whole day; no recent date means up to now.
 */
export function importWindowOf(settings: ImportSettings, now = Date.now()): ImportWindow | null {
  const { importOldMessages: old, importRecentMessages: recent } = settings;
  if (!old || Number.isNaN(timeOf(old))) return null;
  const dateOnly = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  const to = recent && !Number.isNaN(timeOf(recent)) ? timeOf(recent) : now;
  return {
    from: timeOf(old),
    to: recent && dateOnly(recent) ? to + DayMs - 1 : to,
    groups: settings.importOldMessagesGroups,
  };
}

/** Whether a history message belongs to the import. */
export const inImportWindow = (
  data: Pick<InboundMessageEventData, 'sentAt' | 'peer'>,
  window: ImportWindow,
): boolean => {
  if (data.peer.isGroup && !window.groups) return false;
  const at = timeOf(data.sentAt);
  return at >= window.from && at <= window.to;
};

/** Whether the `done`-th replayed message of `all` is reported to the screen. */
export const reportsProgress = (done: number, all: number): boolean =>
  done === 1 || done === all || done % HistoryProgressEvery === 0;

/**
 * Where the driver reports a history import (the connections domain stores the state on the connection
 * and publishes `connectors.history-import.progress`).
 */
export type HistoryImports = {
  /** the import the connection asks for, or null (none asked, or already done) */
  window(connectionId: number): Promise<ImportWindow | null>;
  /** the history started to arrive: the screen shows the preparing state */
  started(connectionId: number): Promise<void>;
  progress(connection: DriverConnection, status: ImportProgress): Promise<void>;
  /** every message was replayed: the import is over (its dates are cleared, so it runs once) */
  finished(connection: DriverConnection, imported: number): Promise<void>;
};
