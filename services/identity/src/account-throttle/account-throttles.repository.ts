import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  accountKeyHash,
  lockAfter,
  type ThrottleKind,
  type ThrottlePolicy,
} from './account-throttle-rules.js';

const PruneEvery = 500;
const PruneAfterMs = 25 * 60 * 60_000;

/**
 * Failures per account in identity's database, so every gateway and identity replica sees the same
 * count (an in-memory counter would give each replica its own budget).
 */
@Injectable()
export class AccountThrottles {
  private failuresSincePrune = 0;

  constructor(private readonly dataSource: DataSource) {}

  /** Whether the account is locked at `now`. */
  async isLocked(kind: ThrottleKind, account: string, now: Date): Promise<boolean> {
    const rows: { locked: boolean }[] = await this.dataSource.query(
      `SELECT locked_until > $3 AS locked FROM account_throttles WHERE kind = $1 AND key_hash = $2`,
      [kind, accountKeyHash(kind, account), now],
    );
    return rows[0]?.locked === true;
  }

  /**
   * Counts one failure (one statement, so concurrent failures all count) and locks the account when the
   * count is past the policy's free ones. Returns the failures in a row.
   */
  async fail(
    kind: ThrottleKind,
    account: string,
    policy: ThrottlePolicy,
    now: Date,
  ): Promise<number> {
    const forgetBefore = new Date(now.getTime() - policy.forgetAfterMs);
    const rows: { failures: number }[] = await this.dataSource.query(
      `INSERT INTO account_throttles AS t (kind, key_hash, failures, last_failed_at)
         VALUES ($1, $2, 1, $3)
       ON CONFLICT (kind, key_hash) DO UPDATE SET
         failures = CASE WHEN t.last_failed_at < $4 THEN 1 ELSE t.failures + 1 END,
         last_failed_at = $3
       RETURNING failures`,
      [kind, accountKeyHash(kind, account), now, forgetBefore],
    );
    // now and then, rows no policy remembers any more go (a day and an hour covers both policies)
    if ((this.failuresSincePrune += 1) >= PruneEvery) {
      this.failuresSincePrune = 0;
      await this.prune(new Date(now.getTime() - PruneAfterMs));
    }
    const failures = rows[0]!.failures;
    const lockMs = lockAfter(failures, policy);
    if (lockMs > 0) {
      await this.dataSource.query(
        `UPDATE account_throttles SET locked_until = GREATEST(coalesce(locked_until, $3), $3)
          WHERE kind = $1 AND key_hash = $2`,
        [kind, accountKeyHash(kind, account), new Date(now.getTime() + lockMs)],
      );
    }
    return failures;
  }

  /** A success: the account starts afresh. */
  async clear(kind: ThrottleKind, account: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM account_throttles WHERE kind = $1 AND key_hash = $2`, [
      kind,
      accountKeyHash(kind, account),
    ]);
  }

  /** Drops rows nobody failed on since `before` whose lock is over. */
  async prune(before: Date): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM account_throttles
        WHERE last_failed_at < $1 AND (locked_until IS NULL OR locked_until < $1)`,
      [before],
    );
  }
}
