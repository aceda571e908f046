/** The external bot a conversation is handed to (a queue integration or a prompt). */
export type ExternalBot = { integrationId: number } | { promptId: number };

/** The contact's message as an external bot receives it. */
export type BotMessage = {
  id: string;
  body: string;
  mediaType: string;
  mediaKey: string | null;
  mediaName: string | null;
};

/**
 * What the bot does after a turn, in order per ticket: its texts, the queue position, a file list, the
 * message handed to an external bot (null: the bot is only started), then maybe a close.
 */
export type ReplyPayload = {
  texts: string[];
  /** the connection's greeting media, sent with `texts[at]` as its caption */
  greetingMedia?: { key: string; at: number };
  queuePositionOf?: number;
  fileListId?: number;
  handOff?: { bot: ExternalBot; message: BotMessage | null };
  close?: { text: string; rating?: number };
};

/** One timer per ticket and kind; the handler checks the ticket again, so a stale timer is harmless. */
export type TimerKind = 'sendQueue' | 'inactive' | 'expire' | 'npsExpire';

/** What a message does to an open ticket's inactivity timers. */
export type InactivityPlan = { set: { kind: TimerKind; at: Date }[] } | { cancel: true };

export type AutomationJob = {
  id: string;
  company_id: number;
  ticket_id: number;
  kind: 'reply' | TimerKind;
  run_at: Date;
  payload: ReplyPayload & Record<string, unknown>;
  attempts: number;
};
