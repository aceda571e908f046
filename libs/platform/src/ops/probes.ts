import type { DataSource } from 'typeorm';
import type { Bus } from '../bus/bus.types.js';
import { addMetricsSampler, type MetricSample } from './metrics.js';
import { addReadinessCheck } from './readiness.js';

/** Removes what a watch registered (its checks and samplers). */
export type Unwatch = () => void;

const all =
  (...undo: Unwatch[]): Unwatch =>
  () =>
    undo.forEach((fn) => fn());

/**
 * The bus's part of this process's health: `bus` (connected to NATS) and `consumers` (every durable
 * consumer this process runs is still pulling) checks, and the consumer gauges per durable.
 */
export function watchBus(bus: Bus): Unwatch {
  return all(
    addReadinessCheck('bus', () => {
      if (bus.health && !bus.health().connected) throw new Error('not connected to the bus');
    }),
    addReadinessCheck('consumers', () => {
      const stopped = (bus.health?.().consumers ?? []).filter((c) => !c.running);
      if (stopped.length > 0) {
        throw new Error(`stopped: ${stopped.map((c) => c.durable).join(', ')}`);
      }
    }),
    addMetricsSampler(async () =>
      ((await bus.consumerStats?.()) ?? []).flatMap((c): MetricSample[] => {
        const labels = { durable: c.durable };
        return [
          { name: 'switchboard_consumer_pending', labels, value: c.pending },
          { name: 'switchboard_consumer_ack_pending', labels, value: c.ackPending },
          { name: 'switchboard_consumer_redelivered', labels, value: c.redelivered },
        ];
      }),
    ),
  );
}

type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };

/** The pg Pool under a TypeORM DataSource (postgres driver), once it is open. */
const poolOf = (dataSource: DataSource): PoolCounts | undefined =>
  dataSource.isInitialized
    ? (dataSource.driver as unknown as { master?: PoolCounts }).master
    : undefined;

/**
 * A service's database: the `db:<service>` check (`SELECT 1`; the readiness runner times it out) and
 * the pool gauges of its DataSources (summed over every pool of the process).
 */
export function watchDatabase(service: string, pools: () => DataSource[]): Unwatch {
  return all(
    addReadinessCheck(`db:${service}`, async () => {
      const [main] = pools();
      if (!main?.isInitialized) throw new Error('the database connection is closed');
      await main.query('SELECT 1');
    }),
    addMetricsSampler(() =>
      pools()
        .map(poolOf)
        .filter((pool) => pool !== undefined)
        .flatMap((pool): MetricSample[] => [
          {
            name: 'switchboard_db_pool_connections',
            labels: { state: 'total' },
            value: pool.totalCount,
          },
          {
            name: 'switchboard_db_pool_connections',
            labels: { state: 'idle' },
            value: pool.idleCount,
          },
          {
            name: 'switchboard_db_pool_connections',
            labels: { state: 'waiting' },
            value: pool.waitingCount,
          },
        ]),
    ),
  );
}
