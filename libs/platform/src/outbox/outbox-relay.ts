import pg from 'pg';
import type { DataSource } from 'typeorm';
import type { Bus } from '../bus/bus.types.js';
import type { Logger } from '../logger/create-logger.js';
import { addMetricsSampler } from '../ops/metrics.js';
import { runWithCarrier } from '../tracing/trace-context.js';
import { outboxChannel, schemaOf } from './outbox.js';

export type OutboxRelayOptions = {
  dataSource: DataSource;
  bus: Bus;
  logger: Logger;
  /** poll period when no NOTIFY arrives; default 200 ms */
  intervalMs?: number;
  batchSize?: number;
  /**
   * published rows older than this are deleted, and the consumers' processed-event rows a day after
   * (no redelivery can come once the stream dropped the event); default 7 days, the stream's retention
   */
  retentionMs?: number;
};

export type OutboxRelay = { stop(): Promise<void> };

type OutboxRow = {
  seq: string;
  id: string;
  subject: string;
  company_id: number;
  /** the JSON text as stored: published without being parsed */
  payload: string;
  occurred_at: Date;
  traceparent: string | null;
  tracestate: string | null;
};

const cleanupEveryMs = 10 * 60 * 1000;

/**
 * Publishes outbox rows in write order, a batch at a time. One relay of a schema works at a time (a
 * transaction-scoped advisory lock; the others find it taken and wait for their next nudge): its one
 * statement claims and marks the batch, the batch goes out, and the commit makes the marks stand. A
 * crash before the commit leaves the rows unpublished, and their second publish is dropped by the
 * stream (deduplicated by id).
 */
export async function startOutboxRelay(options: OutboxRelayOptions): Promise<OutboxRelay> {
  const { dataSource, bus, logger } = options;
  const intervalMs = options.intervalMs ?? 200;
  const batchSize = options.batchSize ?? 500;
  const retentionMs = options.retentionMs ?? 7 * 24 * 60 * 60 * 1000;
  const schema = schemaOf(dataSource.manager);
  const channel = outboxChannel(schema);
  const url = (dataSource.options as { url?: string }).url;

  let running = true;
  let wake: (() => void) | undefined;
  /** a NOTIFY came while a batch was being relayed: its rows may not be in that batch */
  let nudged = false;
  let connection: pg.Client | undefined;
  let lastCleanup = 0;

  const nudge = () => {
    nudged = true;
    wake?.();
  };

  const drop = (client: pg.Client) => {
    if (connection === client) connection = undefined;
    client.end().catch(() => undefined);
  };

  /**
   * The relay's own connection, which also LISTENs: its batches never wait for a slot of the pool the
   * service's own work holds (under load that wait was the longest part of a batch). Its commits do not
   * wait for the WAL flush: a mark lost in a database crash only publishes those rows again, which the
   * stream and the consumers drop by event id.
   */
  async function connect(): Promise<pg.Client | undefined> {
    if (!url) return undefined;
    if (connection) return connection;
    const client = new pg.Client({
      connectionString: url,
      application_name: `sb-${schema}-outbox-relay`,
      options: `-c search_path=${schema},public -c synchronous_commit=off`,
    });
    client.on('notification', nudge);
    client.on('error', (err) => {
      logger.warn({ err }, 'outbox relay connection lost; connecting again');
      drop(client);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (err) {
      drop(client);
      throw err;
    }
    connection = client;
    return client;
  }

  type Query = (sql: string, params?: unknown[]) => Promise<unknown[]>;

  /** Runs `work` in a transaction on the relay's connection (the pool's without a URL). */
  async function inTransaction<T>(work: (query: Query) => Promise<T>): Promise<T> {
    const client = await connect();
    if (!client) {
      return dataSource.transaction((manager) => work((sql, params) => manager.query(sql, params)));
    }
    await client.query('BEGIN');
    try {
      const result = await work(async (sql, params) => (await client.query(sql, params)).rows);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => drop(client));
      throw err;
    }
  }

  /** Publishes one batch; answers whether it was full (more may wait). */
  async function relayBatch(): Promise<boolean> {
    let failure: unknown;
    const full = await inTransaction(async (query) => {
      // No row locks: the relay lock keeps other relays out, and writers only add rows. The statement's
      // snapshot may predate the lock (a relay that just committed released it), so the UPDATE checks
      // each row again as it now is and leaves what that relay published.
      const rows = (await query(
        `WITH relay AS (SELECT pg_try_advisory_xact_lock(hashtext($2)) AS mine),
              batch AS (
                SELECT o.id FROM outbox_event o, relay
                 WHERE relay.mine AND o.published_at IS NULL ORDER BY o.seq LIMIT $1),
              marked AS (
                UPDATE outbox_event o SET published_at = now()
                  FROM batch WHERE o.id = batch.id AND o.published_at IS NULL
             RETURNING o.seq, o.id, o.subject, o.company_id, o.payload::text AS payload,
                       o.occurred_at, o.traceparent, o.tracestate)
         SELECT * FROM marked ORDER BY seq`,
        [batchSize, `sb-outbox-relay:${schema}`],
      )) as OutboxRow[];
      // the whole batch goes out pipelined (sent in seq order on one connection, so the stream keeps
      // that order)
      const results = await Promise.allSettled(
        rows.map((row) =>
          // published in the trace the change was written in (the bus sends it in the headers)
          runWithCarrier(
            { traceparent: row.traceparent ?? undefined, tracestate: row.tracestate ?? undefined },
            () =>
              bus.publish({
                id: row.id,
                subject: row.subject,
                companyId: row.company_id,
                occurredAt: new Date(row.occurred_at).toISOString(),
                dataJson: row.payload,
              }),
          ),
        ),
      );
      const unpublished: string[] = [];
      results.forEach((result, index) => {
        if (result.status === 'rejected') {
          unpublished.push(rows[index].id);
          failure ??= result.reason;
        }
      });
      // what did go out stays marked even when a later publish failed (commit, then report)
      if (unpublished.length > 0) {
        await query('UPDATE outbox_event SET published_at = NULL WHERE id = ANY($1::uuid[])', [
          unpublished,
        ]);
      }
      return rows.length === batchSize;
    });
    if (failure) throw failure;
    return full;
  }

  async function cleanup() {
    if (Date.now() - lastCleanup < cleanupEveryMs) return;
    lastCleanup = Date.now();
    // on the relay's connection too: a busy pool must not hold up the next batch
    await inTransaction(async (query) => {
      await query(
        `DELETE FROM outbox_event WHERE published_at < now() - ($1::bigint * interval '1 millisecond')`,
        [retentionMs],
      );
      await query(
        `DELETE FROM processed_event
          WHERE processed_at < now() - ($1::bigint * interval '1 millisecond') - interval '1 day'`,
        [retentionMs],
      );
    });
  }

  const unwatch = addMetricsSampler(() => outboxBacklog(dataSource));

  let failures = 0;
  const loop = (async () => {
    while (running) {
      nudged = false;
      try {
        while (running && (await relayBatch()));
        await cleanup();
        failures = 0;
      } catch (err) {
        failures++;
        logger.warn({ err, failures }, 'outbox relay cycle failed; retrying');
      }
      if (!running) break;
      // rows committed while the last batch went out are relayed now, not at the next poll
      if (nudged && failures === 0) continue;
      const pause = Math.min(intervalMs * 2 ** Math.min(failures, 5), 10_000);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();

  return {
    stop: async () => {
      unwatch();
      running = false;
      nudge();
      await loop;
      const client = connection;
      connection = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

/** Rows not yet relayed and the age of the oldest one, for the scrape (the partial index answers). */
async function outboxBacklog(dataSource: DataSource) {
  const [row]: { pending: number; lag: number | null }[] = await dataSource.query(
    `SELECT count(*)::int AS pending,
            extract(epoch FROM now() - min(occurred_at))::float8 AS lag
       FROM outbox_event WHERE published_at IS NULL`,
  );
  return [
    { name: 'switchboard_outbox_pending' as const, value: row.pending },
    { name: 'switchboard_outbox_lag_seconds' as const, value: Math.max(0, row.lag ?? 0) },
  ];
}
