import { z } from 'zod';
import { listQuery } from '../http/list-query.js';

/**
 * POST /helps and PUT /helps/:id body (spec 2 §3 Help). `video` is a video code (YouTube-style id), not a
 * URL: the web app builds the player address from it, so no outside address is ever stored.
 */
export const HelpInput = z.object({
  title: z.string().trim().min(1).max(255),
  description: z.string().trim().max(2000).default(''),
  video: z
    .string()
    .trim()
    .max(64)
    .regex(/^[\w-]*$/, 'Only letters, digits, - and _')
    .default(''),
});
export type HelpInput = z.infer<typeof HelpInput>;
export type HelpInputValues = z.input<typeof HelpInput>;

/** A help entry: platform-wide (no company), written by super users, read by everyone logged in. */
export type Help = {
  id: number;
  title: string;
  description: string;
  video: string;
  createdAt: string;
  updatedAt: string;
};

/** GET /helps query (paged, like the other admin lists). */
export const HelpListQuery = listQuery({});
export type HelpListQuery = z.infer<typeof HelpListQuery>;

/** GET /helps answer. */
export type HelpPage = { helps: Help[]; count: number; hasMore: boolean };

/** identity.help.update */
export type HelpUpdateRequest = HelpInput & { id: number };
/** identity.help.delete */
export type HelpIdRequest = { id: number };

/** Page size of GET /helps. */
export const HelpPageSize = 20;
