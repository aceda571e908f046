import { Subjects, type RequestContext, type SessionQueue, type WithQueues } from '@sb/contracts';
import type { GatewayRequest } from '../auth/gateway-request.js';
import type { ServiceClient } from './service-client.js';

/**
 * Names the queues of users and connections as spec 2 §3 shapes them (`queues: [{ id, name, color }]`)
 * beside the `queueIds` the services answer: clients of this product family read `queues`. The names
 * come from the tickets service, which owns the queues, in one call and only when a record has any.
 */
export async function withQueueBadges<T extends { queueIds: number[] }>(
  services: ServiceClient,
  req: GatewayRequest,
  records: T[],
): Promise<WithQueues<T>[]> {
  const wanted = records.some((record) => record.queueIds.length > 0);
  const queues = wanted
    ? await services.request(Subjects.tickets.queueList, req.sb.ctx as RequestContext, {})
    : [];
  const byId = new Map<number, SessionQueue>(
    queues.map(({ id, name, color }) => [id, { id, name, color }]),
  );
  return records.map((record) => ({
    ...record,
    queues: record.queueIds.flatMap((id) => {
      const queue = byId.get(id);
      return queue ? [queue] : [];
    }),
  }));
}

/** One record with its queues named (see withQueueBadges). */
export const withQueueBadge = async <T extends { queueIds: number[] }>(
  services: ServiceClient,
  req: GatewayRequest,
  record: T,
): Promise<WithQueues<T>> => (await withQueueBadges(services, req, [record]))[0]!;
