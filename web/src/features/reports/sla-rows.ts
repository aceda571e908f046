import type { SlaQueueRow, SlaReport, SlaShare } from '@sb/contracts';

/**
 * The SLA panel's rows: every queue of the company (so each can get a target), with the figures the
 * server measured or none, plus any queue the server measured that the list lacks; by name. A queue
 * filter keeps that queue only.
 */
export function slaRowsOf(
  queues: readonly { id: number; name: string }[],
  sla: SlaReport,
  onlyQueueId?: number,
): SlaQueueRow[] {
  const measured = new Map(sla.queues.map((row) => [row.queueId, row]));
  const rows: SlaQueueRow[] = queues.map(
    (queue) =>
      measured.get(queue.id) ?? {
        queueId: queue.id,
        queueName: queue.name,
        targetMinutes: null,
        tickets: 0,
        wallClock: null,
        businessHours: null,
      },
  );
  const listed = new Set(queues.map((queue) => queue.id));
  for (const row of sla.queues) if (!listed.has(row.queueId)) rows.push(row);
  const named = rows.map((row) => ({
    ...row,
    queueName: queues.find((queue) => queue.id === row.queueId)?.name ?? row.queueName,
  }));
  return named
    .filter((row) => onlyQueueId === undefined || row.queueId === onlyQueueId)
    .sort((a, b) => a.queueName.localeCompare(b.queueName) || a.queueId - b.queueId);
}

/** How a share reads in a cell: no target, nothing measured yet, or "n of m (p%)". */
export const shareView = (
  share: SlaShare | null,
): { kind: 'noTarget' } | { kind: 'none' } | { kind: 'share'; share: SlaShare } =>
  share === null
    ? { kind: 'noTarget' }
    : share.measured === 0
      ? { kind: 'none' }
      : { kind: 'share', share };

/** A target as typed: whole minutes from 1 to `max`, else null. */
export const targetOf = (text: string, max: number): number | null => {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const minutes = Number(trimmed);
  return minutes >= 1 && minutes <= max ? minutes : null;
};
