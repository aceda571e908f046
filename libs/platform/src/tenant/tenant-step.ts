import { TenantStepAlive, type TenantPartReport } from '@sb/contracts';
import type { Bus, BusSubscription, RequestHandler } from '../bus/bus.types.js';
import { operatorContext } from '../context/access.js';

/**
 * Answers one kind of tenant step (`<service>.tenant.export`, …) for the service's queue group. While
 * the handler works, it tells the runner it is alive at the subject the request names: a process that
 * dies mid-step falls silent, and the runner asks again (any replica, or the restarted one) instead of
 * waiting the step's whole time. Every step is idempotent, so the second run finishes the first's work.
 */
export function handleTenantStep(
  bus: Bus,
  subject: string,
  service: string,
  handler: RequestHandler<unknown, TenantPartReport>,
): Promise<BusSubscription> {
  return bus.handle<unknown, TenantPartReport>(
    subject,
    async (payload, meta) => {
      const alive = TenantStepAlive.safeParse((payload.data as { alive?: unknown } | null)?.alive);
      if (!alive.success) return handler(payload, meta);
      const { subject: aliveSubject, everyMs } = alive.data;
      // a beat lost (the runner restarting) is no error: the runner counts silence, not beats
      const beat = () =>
        void bus
          .request(aliveSubject, { ctx: operatorContext(), data: {} }, { timeoutMs: everyMs })
          .catch(() => undefined);
      beat();
      const timer = setInterval(beat, everyMs);
      try {
        return await handler(payload, meta);
      } finally {
        clearInterval(timer);
      }
    },
    { queue: service },
  );
}
