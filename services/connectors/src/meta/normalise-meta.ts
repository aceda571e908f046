import { isRecord, type InboundBatch, type NormaliseIssue } from './meta-inbound.js';
import { normaliseCloudWebhook } from './normalise-cloud.js';
import { normaliseMessengerWebhook } from './normalise-messenger.js';

export type NormalisedWebhook = { batches: InboundBatch[]; issues: NormaliseIssue[] };

/** Any Meta webhook body → batches per channel account; what cannot be read is listed, never thrown. */
export function normaliseMetaWebhook(payload: unknown): NormalisedWebhook {
  const issues: NormaliseIssue[] = [];
  if (!isRecord(payload)) {
    return { batches: [], issues: [{ reason: 'payload is not an object', item: payload }] };
  }
  switch (payload.object) {
    case 'whatsapp_business_account':
      return { batches: normaliseCloudWebhook(payload, issues), issues };
    case 'page':
      return { batches: normaliseMessengerWebhook(payload, 'facebook', issues), issues };
    case 'instagram':
      return { batches: normaliseMessengerWebhook(payload, 'instagram', issues), issues };
    default:
      return { batches: [], issues: [{ reason: `unknown object ${String(payload.object)}` }] };
  }
}
