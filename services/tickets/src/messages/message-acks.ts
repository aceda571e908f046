import type { MessageAck } from '@sb/contracts';

/** Acks only move forward (0 pending, 1 sent, 2 delivered, 3 read, 4 played): a late event never downgrades. */
export const nextAck = (current: MessageAck, incoming: MessageAck): MessageAck =>
  incoming > current ? incoming : current;

/** WhatsApp allows editing one's own text for 15 minutes; Messenger and Instagram do not edit. */
export const EditWindowMs: Record<string, number> = {
  whatsapp: 15 * 60 * 1000,
  whatsappapi: 15 * 60 * 1000,
  facebook: 0,
  instagram: 0,
};

export const mayEdit = (
  message: { fromMe: boolean; mediaType: string; isDeleted: boolean; createdAt: Date },
  channel: string,
  now: Date,
): boolean =>
  message.fromMe &&
  message.mediaType === 'chat' &&
  !message.isDeleted &&
  now.getTime() - message.createdAt.getTime() <= (EditWindowMs[channel] ?? 0);
