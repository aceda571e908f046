import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export type ClaimedDelivery = { id: number; payload: unknown; attempts: number };

/**
 * Meta webhooks as received (table `webhook_deliveries`) and the inbound message ids already handed on
 * (`webhook_message_keys`, unique per connection). Deliveries are claimed with a lease, so a worker that
 * dies mid-way only delays them.
 */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Stores webhooks as received, with one statement (one commit for a burst); answers their delivery
   * ids, in order, once committed.
   */
  async storeMany(
    deliveries: { source: string; object: string | null; payload: unknown }[],
  ): Promise<number[]> {
    if (deliveries.length === 0) return [];
    const rows: { id: string }[] = await this.dataSource.query(
      `INSERT INTO webhook_deliveries (source, object, payload)
       SELECT source, object, payload::jsonb
         FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS d(source, object, payload, n)
        ORDER BY n
       RETURNING id`,
      [
        deliveries.map((delivery) => delivery.source),
        deliveries.map((delivery) => delivery.object),
        deliveries.map((delivery) => JSON.stringify(delivery.payload)),
      ],
    );
    // the ids come from the sequence in row order, so sorted they follow the inputs
    return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  }

  /** Takes up to `limit` due deliveries for `leaseMs`; other workers skip them meanwhile. */
  async claim(limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
    type Row = { id: string; payload: unknown; attempts: number };
    // Walked in order, the due index skips the deliveries done since the last vacuum once one scan has
    // found them dead; a bitmap scan (the planner's pick, as it cannot see them) visits every one
    // of them again at each claim: 25,000 heap rows and 65 ms per claim under 500 webhooks/s.
    // TypeORM answers an UPDATE … RETURNING as [rows, affected count]
    const result: [Row[], number] | Row[] = await this.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_bitmapscan = off');
      return manager.query(
        `UPDATE webhook_deliveries d
          SET locked_until = now() + ($2 * interval '1 millisecond'), attempts = d.attempts + 1
        WHERE d.id IN (
          SELECT id FROM webhook_deliveries
           WHERE status = 'pending' AND next_attempt_at <= now()
             AND (locked_until IS NULL OR locked_until < now())
           ORDER BY next_attempt_at, id
           LIMIT $1
           FOR UPDATE SKIP LOCKED)
        RETURNING d.id, d.payload, d.attempts`,
        [limit, leaseMs],
      );
    });
    const rows: Row[] = Array.isArray(result[0]) ? (result[0] as Row[]) : (result as Row[]);
    return rows
      .map((row) => ({ id: Number(row.id), payload: row.payload, attempts: row.attempts }))
      .sort((a, b) => a.id - b.id);
  }

  /** The companies whose webhooks wait (fenced by a tenant operation; `fenced_companies`). */
  async fencedCompanies(): Promise<Set<number>> {
    const rows: { id: number }[] = await this.dataSource.query(`SELECT id FROM fenced_companies`);
    return new Set(rows.map((row) => row.id));
  }

  /**
   * Puts a claimed delivery aside for a fenced company, unapplied and not counted as an attempt; true
   * when held. The fence row is locked for share, so a fence lifting meanwhile either waits for this
   * (and then releases it) or is seen gone (the delivery goes back to pending at once).
   */
  async hold(id: number, companyId: number): Promise<boolean> {
    const rows: { status: string }[] = await this.dataSource.transaction(async (manager) => {
      const [updated] = (await manager.query(
        `WITH fence AS (SELECT id FROM fenced_companies WHERE id = $2 FOR SHARE)
         UPDATE webhook_deliveries
            SET status = CASE WHEN EXISTS (SELECT 1 FROM fence) THEN 'held' ELSE 'pending' END,
                held_by = (SELECT id FROM fence), locked_until = NULL, attempts = attempts - 1
          WHERE id = $1
          RETURNING status`,
        [id, companyId],
      )) as [{ status: string }[], number];
      return updated;
    });
    return rows[0]?.status === 'held';
  }

  /**
   * Gives a company's held deliveries back, due at their arrival, so they are claimed first and in
   * the order they came (with `manager`, in the caller's transaction). Without a company: every held
   * delivery whose company is no longer fenced (the poller's safety net).
   */
  async releaseHeld(manager?: EntityManager, companyId?: number): Promise<number> {
    const [, count] = (await (manager ?? this.dataSource.manager).query(
      `UPDATE webhook_deliveries d
          SET status = 'pending', held_by = NULL, next_attempt_at = d.received_at
        WHERE d.status = 'held'
          AND ($1::int IS NULL OR d.held_by = $1::int)
          AND ($1::int IS NOT NULL OR NOT EXISTS (SELECT 1 FROM fenced_companies f WHERE f.id = d.held_by))`,
      [companyId ?? null],
    )) as [unknown[], number];
    return count;
  }

  async markDone(id: number, issues: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries
          SET status = 'done', processed_at = now(), locked_until = NULL, issues = $2
        WHERE id = $1`,
      [id, issues],
    );
  }

  /** Marks several deliveries done in the caller's transaction (one statement). */
  async markDoneMany(
    manager: EntityManager,
    done: { id: number; issues: number }[],
  ): Promise<void> {
    if (done.length === 0) return;
    await manager.query(
      `UPDATE webhook_deliveries d
          SET status = 'done', processed_at = now(), locked_until = NULL, issues = x.issues
         FROM unnest($1::bigint[], $2::int[]) AS x(id, issues)
        WHERE d.id = x.id`,
      [done.map((entry) => entry.id), done.map((entry) => entry.issues)],
    );
  }

  /** Tries again after `retryInMs`, or gives up (status failed, kept for inspection). */
  async markFailed(id: number, error: string, retryInMs: number | null): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries
          SET status = CASE WHEN $3::bigint IS NULL THEN 'failed' ELSE 'pending' END,
              next_attempt_at = now() + (COALESCE($3::bigint, 0) * interval '1 millisecond'),
              locked_until = NULL, last_error = $2
        WHERE id = $1`,
      [id, error.slice(0, 2000), retryInMs],
    );
  }

  /** True when the message id of this connection was handed on already (a redelivery). */
  async seen(connectionId: number, externalId: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM webhook_message_keys WHERE connection_id = $1 AND external_id = $2`,
      [connectionId, externalId],
    );
    return rows.length > 0;
  }

  /**
   * Records an inbound message id for a connection; false when it was seen before. Inside the caller's
   * transaction, a concurrent insert of the same id waits for it and then sees the conflict.
   */
  async remember(
    manager: EntityManager,
    key: { connectionId: number; companyId: number; externalId: string; deliveryId: number },
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO webhook_message_keys (connection_id, external_id, company_id, delivery_id)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (connection_id, external_id) DO NOTHING
       RETURNING connection_id`,
      [key.connectionId, key.externalId, key.companyId, key.deliveryId],
    );
    return rows.length > 0;
  }

  /**
   * Records several inbound message ids at once (one statement, in the caller's transaction) and
   * answers, for each key in order, whether it is new: a key seen before, or repeated earlier in the
   * list, is not. Concurrent inserts of the same id wait for each other, as with `remember`.
   */
  async rememberMany(
    manager: EntityManager,
    keys: { connectionId: number; companyId: number; externalId: string; deliveryId: number }[],
  ): Promise<boolean[]> {
    if (keys.length === 0) return [];
    const rows: { connection_id: number; external_id: string }[] = await manager.query(
      `INSERT INTO webhook_message_keys (connection_id, external_id, company_id, delivery_id)
       SELECT * FROM unnest($1::int[], $2::text[], $3::int[], $4::bigint[])
       ON CONFLICT (connection_id, external_id) DO NOTHING
       RETURNING connection_id, external_id`,
      [
        keys.map((key) => key.connectionId),
        keys.map((key) => key.externalId),
        keys.map((key) => key.companyId),
        keys.map((key) => key.deliveryId),
      ],
    );
    const inserted = new Set(rows.map((row) => `${row.connection_id}\n${row.external_id}`));
    return keys.map((key) => inserted.delete(`${key.connectionId}\n${key.externalId}`));
  }

  /** Drops processed deliveries and message ids older than the retention (Meta retries for days). */
  async prune(deliveryDays: number, keyDays: number): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM webhook_deliveries
        WHERE status = 'done' AND processed_at < now() - ($1 * interval '1 day')`,
      [deliveryDays],
    );
    await this.dataSource.query(
      `DELETE FROM webhook_message_keys WHERE created_at < now() - ($1 * interval '1 day')`,
      [keyDays],
    );
  }
}
