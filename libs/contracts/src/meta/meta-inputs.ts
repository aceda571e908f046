import { z } from 'zod';
import type { ConnectionRecord } from '../channels/index.js';

/** POST /facebook (spec 2 §7): the Facebook login's user and token; addInstagram adds each page's IG account. */
export const FacebookConnectInput = z.object({
  facebookUserId: z.coerce.string().trim().min(1).max(120),
  facebookUserToken: z.string().trim().min(1).max(4000),
  addInstagram: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .default(false)
    .transform((value) => value === true || value === 'true'),
});
export type FacebookConnectInput = z.infer<typeof FacebookConnectInput>;

/** Answer of POST /facebook: the connections created (pages already connected are left as they are). */
export type FacebookConnectReply = { connections: ConnectionRecord[] };

/** Request `connectors.webhook.meta`: a verified Meta webhook body (Cloud API, Messenger, Instagram). */
export type MetaWebhookRequest = { payload: unknown };
/** The delivery is stored before this answer: Meta may be told 200 at once. */
export type MetaWebhookReply = { received: boolean; deliveryId: number | null };
