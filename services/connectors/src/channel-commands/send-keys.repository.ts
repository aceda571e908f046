import { Injectable } from '@nestjs/common';
import type { SendMessageResult } from '@sb/contracts';
import { Transactions } from '@sb/platform/db';
import { DataSource } from 'typeorm';
import type { SendKeyRow, SendTarget } from './send-key-rules.js';

/** message_send_keys: one row per company and idempotency key (see idempotent-sends.ts). */
@Injectable()
export class SendKeysRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  /**
   * Takes the key for attempt `claim` until `leaseMs` from now; answers true when this attempt holds it
   * (one statement: two attempts racing for a new key get one row, and the other finds it).
   */
  async claim(
    companyId: number,
    key: string,
    target: SendTarget,
    claim: string,
    leaseMs: number,
  ): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO message_send_keys
         (company_id, idempotency_key, connection_id, peer, claim, claimed_until)
       VALUES ($1, $2, $3, $4, $5, now() + ($6 * interval '1 millisecond'))
       ON CONFLICT (company_id, idempotency_key) DO NOTHING
       RETURNING 1`,
      [companyId, key, target.connectionId, target.peer, claim, leaseMs],
    );
    return rows.length === 1;
  }

  async find(companyId: number, key: string): Promise<SendKeyRow | undefined> {
    const rows: SendKeyRow[] = await this.transactions.read(companyId, (manager) =>
      manager.query(
        `SELECT connection_id, peer, claimed_until, external_id, ack, sent_at
           FROM message_send_keys WHERE company_id = $1 AND idempotency_key = $2`,
        [companyId, key],
      ),
    );
    return rows[0];
  }

  /** The channel's answer, recorded by the attempt that holds the key. */
  async finish(
    companyId: number,
    key: string,
    claim: string,
    result: SendMessageResult,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE message_send_keys
          SET sent_at = $4, external_id = $5, ack = $6, claim = NULL, claimed_until = NULL
        WHERE company_id = $1 AND idempotency_key = $2 AND claim = $3`,
      [companyId, key, claim, result.sentAt, result.externalId, result.ack],
    );
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
}
