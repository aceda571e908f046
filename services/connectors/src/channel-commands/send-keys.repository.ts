import { Injectable } from '@nestjs/common';
import type { SendMessageResult } from '@sb/contracts';
import { microBatch } from '@sb/platform/batching';
import { Transactions } from '@sb/platform/db';
import { DataSource } from 'typeorm';
import type { SendKeyRow, SendTarget } from './send-key-rules.js';

type Claim = { companyId: number; key: string; target: SendTarget; claim: string; leaseMs: number };
type Finish = { companyId: number; key: string; claim: string; result: SendMessageResult };

/**
 * message_send_keys: one row per company and idempotency key (see idempotent-sends.ts). Claims and
 * finishes made while one is being written go together in the next statement, so a campaign's burst
 * of sends costs a few statements per batch rather than two per message.
 */
@Injectable()
export class SendKeysRepository {
  private readonly claimOne: (claim: Claim) => Promise<boolean>;
  private readonly finishOne: (finish: Finish) => Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {
    this.claimOne = microBatch((claims: Claim[]) => this.claimMany(claims), { parallel: 2 });
    this.finishOne = microBatch((finishes: Finish[]) => this.finishMany(finishes), {
      parallel: 2,
    });
  }

  /**
   * Takes the key for attempt `claim` until `leaseMs` from now; answers true when this attempt holds it
   * (one statement: of two attempts racing for a new key, even in one batch, only one gets the row).
   */
  claim(
    companyId: number,
    key: string,
    target: SendTarget,
    claim: string,
    leaseMs: number,
  ): Promise<boolean> {
    return this.claimOne({ companyId, key, target, claim, leaseMs });
  }

  async find(companyId: number, key: string): Promise<SendKeyRow | undefined> {
    const rows: SendKeyRow[] = await this.transactions.query(
      companyId,
      `SELECT connection_id, peer, claimed_until, external_id, ack, sent_at
           FROM message_send_keys WHERE company_id = $1 AND idempotency_key = $2`,
      [companyId, key],
    );
    return rows[0];
  }

  /** The channel's answer, recorded by the attempt that holds the key. */
  finish(companyId: number, key: string, claim: string, result: SendMessageResult): Promise<void> {
    return this.finishOne({ companyId, key, claim, result });
  }

  /** The attempt failed before the channel took the message: the key is free for the next one. */
  async release(companyId: number, key: string, claim: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM message_send_keys
        WHERE company_id = $1 AND idempotency_key = $2 AND claim = $3 AND sent_at IS NULL`,
      [companyId, key, claim],
    );
  }

  /** Forgets keys older than `days` (their senders stopped retrying long before). */
  async prune(days: number): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM message_send_keys WHERE created_at < now() - ($1 * interval '1 day')`,
      [days],
    );
  }

  private async claimMany(claims: Claim[]): Promise<boolean[]> {
    const rows: { claim: string }[] = await this.dataSource.query(
      `INSERT INTO message_send_keys
         (company_id, idempotency_key, connection_id, peer, claim, claimed_until)
       SELECT t.company_id, t.key, t.connection_id, t.peer, t.claim,
              now() + (t.lease_ms * interval '1 millisecond')
         FROM unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::uuid[], $6::int[])
              AS t(company_id, key, connection_id, peer, claim, lease_ms)
       ON CONFLICT (company_id, idempotency_key) DO NOTHING
       RETURNING claim`,
      [
        claims.map((c) => c.companyId),
        claims.map((c) => c.key),
        claims.map((c) => c.target.connectionId),
        claims.map((c) => c.target.peer),
        claims.map((c) => c.claim),
        claims.map((c) => c.leaseMs),
      ],
    );
    const won = new Set(rows.map((row) => row.claim));
    return claims.map((c) => won.has(c.claim));
  }

  private async finishMany(finishes: Finish[]): Promise<void[]> {
    await this.dataSource.query(
      `UPDATE message_send_keys k
          SET sent_at = t.sent_at, external_id = t.external_id, ack = t.ack,
              claim = NULL, claimed_until = NULL
         FROM unnest($1::int[], $2::text[], $3::uuid[], $4::timestamptz[], $5::text[], $6::int[])
              AS t(company_id, key, claim, sent_at, external_id, ack)
        WHERE k.company_id = t.company_id AND k.idempotency_key = t.key AND k.claim = t.claim`,
      [
        finishes.map((f) => f.companyId),
        finishes.map((f) => f.key),
        finishes.map((f) => f.claim),
        finishes.map((f) => f.result.sentAt),
        finishes.map((f) => f.result.externalId),
        finishes.map((f) => f.result.ack),
      ],
    );
    return finishes.map(() => undefined);
  }
}
