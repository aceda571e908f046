import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { AutomationJob, InactivityPlan, ReplyPayload, TimerKind } from './automation-jobs.js';

/** The durable jobs of the automation (tickets.automation_jobs), read with the service clock. */
@Injectable()
export class AutomationJobs {
  constructor(private readonly dataSource: DataSource) {}

  async addReplies(
    manager: EntityManager,
    replies: { companyId: number; ticketId: number; payload: ReplyPayload; at: Date }[],
  ): Promise<void> {
    if (replies.length === 0) return;
    await manager.query(
      `INSERT INTO automation_jobs (company_id, ticket_id, kind, run_at, payload)
       SELECT c, t, 'reply', r, p FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::jsonb[]) AS u(c, t, r, p)`,
      [
        replies.map((r) => r.companyId),
        replies.map((r) => r.ticketId),
        replies.map((r) => r.at),
        replies.map((r) => JSON.stringify(r.payload)),
      ],
    );
  }

  /** Sets a ticket's timer: `move` reschedules one already set, `keep` leaves it (counts from the first). */
  async setTimer(
    manager: EntityManager,
    timer: { companyId: number; ticketId: number; kind: TimerKind; at: Date },
    mode: 'move' | 'keep',
  ): Promise<void> {
    await manager.query(
      `INSERT INTO automation_jobs (company_id, ticket_id, kind, run_at)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (ticket_id, kind) WHERE kind <> 'reply'
       DO ${mode === 'move' ? 'UPDATE SET run_at = EXCLUDED.run_at, attempts = 0, locked_until = NULL' : 'NOTHING'}`,
      [timer.companyId, timer.ticketId, timer.kind, timer.at],
    );
  }

  /** A message's effect on the inactivity timers (see inactivity-timers.ts). */
  async applyInactivity(
    manager: EntityManager,
    ticket: { companyId: number; ticketId: number },
    plan: InactivityPlan,
  ): Promise<void> {
    if ('cancel' in plan)
      return this.cancelTimers(manager, ticket.ticketId, ['inactive', 'expire']);
    for (const timer of plan.set) await this.setTimer(manager, { ...ticket, ...timer }, 'move');
  }

  async cancelTimers(manager: EntityManager, ticketId: number, kinds: TimerKind[]): Promise<void> {
    await manager.query('DELETE FROM automation_jobs WHERE ticket_id = $1 AND kind = ANY($2)', [
      ticketId,
      kinds,
    ]);
  }

  /**
   * Due jobs, leased for `leaseMs` (a worker that dies gives them back when the lease ends). A reply
   * is due only when it is the ticket's oldest, so one ticket's replies go out in order even across
   * workers.
   */
  claim(now: Date, limit: number, leaseMs: number): Promise<AutomationJob[]> {
    return this.dataSource
      .query(
        `UPDATE automation_jobs SET locked_until = $1::timestamptz + make_interval(secs => $3 / 1000.0),
              attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM automation_jobs j
         WHERE run_at <= $1 AND (locked_until IS NULL OR locked_until < $1)
           AND (kind <> 'reply' OR NOT EXISTS (
             SELECT 1 FROM automation_jobs e WHERE e.ticket_id = j.ticket_id AND e.kind = 'reply' AND e.id < j.id))
           -- a fenced company's timers and replies wait for the fence to lift (ARCHITECTURE.md §9)
           AND NOT EXISTS (SELECT 1 FROM fenced_companies f WHERE f.id = j.company_id)
         ORDER BY run_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING id, company_id, ticket_id, kind, run_at, payload, attempts`,
        [now, limit, leaseMs],
      )
      .then((result: [AutomationJob[], number] | AutomationJob[]) =>
        Array.isArray(result[0]) ? (result[0] as AutomationJob[]) : (result as AutomationJob[]),
      );
  }

  async done(id: string): Promise<void> {
    await this.dataSource.query('DELETE FROM automation_jobs WHERE id = $1', [id]);
  }

  async retryAt(id: string, at: Date): Promise<void> {
    await this.dataSource.query(
      'UPDATE automation_jobs SET run_at = $2, locked_until = NULL WHERE id = $1',
      [id, at],
    );
  }
}
