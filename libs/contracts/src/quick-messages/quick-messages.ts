import { z } from 'zod';
import { ref } from '../refs/refs.js';
import { recordId } from '../http/record-ids.js';
import { listQuery } from '../http/list-query.js';

/** POST /quick-messages and PUT /quick-messages/:id body (spec 3 §3 Quick message, §5). */
export const QuickMessageInput = z.object({
  shortcode: z.string().trim().min(1).max(100),
  message: z.string().max(10000).default(''),
  geral: z.boolean().default(false),
  status: z.boolean().default(true),
});
export type QuickMessageInput = z.infer<typeof QuickMessageInput>;

/** GET /quick-messages query. */
export const QuickMessageListQuery = listQuery({
  userId: ref('user', recordId).optional(),
});
export type QuickMessageListQuery = z.infer<typeof QuickMessageListQuery>;

export const QuickMessagePageSize = 20;

export type QuickMessage = {
  id: number;
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
  userId: number;
  mediaPath: string | null;
  mediaName: string | null;
  isMedia: boolean;
  /** signed link to the attachment, null without one */
  mediaUrl: string | null;
  createdAt: string;
  updatedAt: string;
};

/** GET /quick-messages answer. */
export type QuickMessagePage = { records: QuickMessage[]; hasMore: boolean };

/** GET /quick-messages/list item: what the composer needs. */
export type QuickMessageListItem = {
  id: number;
  shortcode: string;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
};

/** PUT /quick-messages/:id body: the fields it carries change, the others keep their stored values. */
export const QuickMessageUpdateInput = QuickMessageInput.partial();
/** tickets.quick-message.update: only the fields the body carried (givenFields) */
export type QuickMessageUpdateRequest = Partial<QuickMessageInput> & { id: number };
/** tickets.quick-message.media-set: the gateway stored the file, tickets records it. */
export type QuickMessageMediaRequest = { id: number; mediaPath: string; mediaName: string };
/** media-set / media-delete answer: the record and the file it replaced, which the gateway removes */
export type QuickMessageMediaReply = QuickMessage & { previousMediaPath: string | null };
/** The deletion answer tells the gateway which stored file to remove. */
export type QuickMessageRemoved = { id: number; mediaPath: string | null };

export type QuickMessageEventData = { record: QuickMessage };
export type QuickMessageDeletedEventData = { id: number; userId: number; geral: boolean };
