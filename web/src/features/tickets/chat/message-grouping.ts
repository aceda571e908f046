import type { AppMessageSocketPayload, MessageRecord } from '@sb/contracts';
import { dayKey } from '../ticket-display.js';

/**
 * Applies a `company-<id>-appMessage` payload to the open chat's messages: a new message is appended,
 * an update replaces its message, a delete marks it deleted. Other tickets' messages are ignored.
 */
export const applyMessagePayload = (
  messages: MessageRecord[],
  payload: AppMessageSocketPayload,
  ticketId: number,
): MessageRecord[] => {
  if (payload.action === 'delete') {
    if (payload.ticketId !== ticketId) return messages;
    return messages.map((m) => (m.id === payload.messageId ? { ...m, isDeleted: true } : m));
  }
  if (payload.message.ticketId !== ticketId) return messages;
  const index = messages.findIndex((m) => m.id === payload.message.id);
  if (index === -1) return [...messages, payload.message];
  const copy = [...messages];
  copy[index] = payload.message;
  return copy;
};

export type MessageListItem =
  | { kind: 'separator'; key: string; date: string; today: boolean }
  | { kind: 'message'; key: string; message: MessageRecord };

/** Messages (oldest first) with a date separator before the first message of each day. */
export const withDateSeparators = (
  messages: MessageRecord[],
  now: Date = new Date(),
): MessageListItem[] => {
  const items: MessageListItem[] = [];
  let previous: string | null = null;
  const todayKey = dayKey(now.toISOString());
  for (const message of messages) {
    const key = dayKey(message.createdAt);
    if (key !== previous) {
      items.push({
        kind: 'separator',
        key: `sep-${key}`,
        date: message.createdAt,
        today: key === todayKey,
      });
      previous = key;
    }
    items.push({ kind: 'message', key: message.id, message });
  }
  return items;
};
