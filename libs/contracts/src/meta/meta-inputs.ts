import { z } from 'zod';
import { unowned } from '../refs/refs.js';
import type { ConnectionRecord } from '../connections/connection-records.js';

/** POST /facebook (spec 2 §7): the Facebook login's user and token; addInstagram adds each page's IG account. */
export const FacebookConnectInput = z.object({
  facebookUserId: unowned('a Meta Graph id', z.coerce.string().trim().min(1).max(120)),
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

/**
 * Request `connectors.webhook.meta`: verified Meta webhook bodies (Cloud API, Messenger, Instagram), the
 * ones a gateway received at about the same time, stored together.
 */
export type MetaWebhookRequest = { payloads: unknown[] };
/** One webhook's answer: stored before it is given, so Meta may be told 200 at once. */
export type MetaWebhookDelivery = { received: boolean; deliveryId: number | null };
/** The answers in the order of the payloads. */
export type MetaWebhookReply = { deliveries: MetaWebhookDelivery[] };
