import { z } from 'zod';
import { ref } from '../refs/refs.js';
import { recordId } from '../http/record-ids.js';

/**
 * The first-response targets of the SLA panel: one per queue, set by those who read the figures
 * (`dashboard:view`, so admins), kept by the reporting service.
 */

/** The longest target (30 days), in minutes. */
export const SlaTargetMaxMinutes = 30 * 24 * 60;

const queueId = ref('queue', recordId);

/** PUT /reports/sla-targets/:queueId body. */
export const SlaTargetInput = z.object({
  firstResponseMinutes: z.coerce.number().int().min(1).max(SlaTargetMaxMinutes),
});
export type SlaTargetInput = z.infer<typeof SlaTargetInput>;

/** `reporting.sla-target.set`: the queue (path) and the target (body). */
export const SlaTargetRequest = SlaTargetInput.extend({ queueId });
export type SlaTargetRequest = z.infer<typeof SlaTargetRequest>;

/** `reporting.sla-target.delete` (DELETE /reports/sla-targets/:queueId). */
export const SlaTargetQueue = z.object({ queueId });
export type SlaTargetQueue = z.infer<typeof SlaTargetQueue>;

export type SlaTarget = { queueId: number; firstResponseMinutes: number; updatedAt: string };
/** GET /reports/sla-targets answer: the company's targets, by queue id. */
export type SlaTargetsReply = { targets: SlaTarget[] };

/** GET /dashboard/time-zone: the zone the company's figures and Tempo Real days are read in. */
export type ReportTimeZoneReply = { timeZone: string };
