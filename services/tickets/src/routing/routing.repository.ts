import { Injectable } from '@nestjs/common';
import { Transactions } from '@sb/platform/db';
import { DataSource, type EntityManager } from 'typeorm';
import type { RoutableTicket, RoutingQueue } from './routing-rules.js';

/** The pending tickets of a queue outside any bot step (the predicate of tickets_routable_idx). */
const Routable = `t.status = 'pending' AND t.queue_id IS NOT NULL AND t.is_group = false
  AND t.is_bot = false AND t.use_integration = false AND t.prompt_id IS NULL`;

export type RoutingCandidate = RoutableTicket & { queue: RoutingQueue };

type CandidateRow = {
  id: number;
  queue_id: number;
  user_id: number | null;
  routed_user_id: number | null;
  routed_at: Date | null;
  ativar_roteador: boolean;
  tempo_roteador: number;
};

/** The router's reads and its claim. Every method but the company scan is scoped by companyId. */
@Injectable()
export class RoutingRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: Transactions,
  ) {}

  /** The companies with a pending ticket that has no agent, or one the router gave it to. */
  async companiesWithWork(): Promise<number[]> {
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT t.company_id FROM tickets t
        WHERE ${Routable} AND (t.user_id IS NULL OR t.user_id = t.routed_user_id)`,
    )) as { company_id: number }[];
    return rows.map((row) => row.company_id);
  }

  /**
   * One page (by id, after `afterId`) of the company's tickets the router may act on at `now`: no agent
   * yet (with userRandom on, or in a rotating queue), or given by the router to an agent who has not
   * accepted it for the queue's tempoRoteador minutes.
   */
  async candidates(
    companyId: number,
    userRandom: boolean,
    now: Date,
    afterId: number,
    limit: number,
  ): Promise<RoutingCandidate[]> {
    return this.transactions.read(companyId, async (manager) => {
      const rows = (await manager.query(
        `SELECT t.id, t.queue_id, t.user_id, t.routed_user_id, t.routed_at,
              q.ativar_roteador, q.tempo_roteador
         FROM tickets t JOIN queues q ON q.id = t.queue_id AND q.company_id = t.company_id
        WHERE t.company_id = $1 AND t.id > $2 AND ${Routable}
          AND ((t.user_id IS NULL AND ($3 OR (q.ativar_roteador AND q.tempo_roteador > 0)))
            OR (t.user_id = t.routed_user_id AND q.ativar_roteador AND q.tempo_roteador > 0
                AND t.routed_at <= $4::timestamptz - make_interval(mins => q.tempo_roteador)))
        ORDER BY t.id
        LIMIT $5`,
        [companyId, afterId, userRandom, now, limit],
      )) as CandidateRow[];
      return rows.map((row) => ({
        id: row.id,
        queueId: row.queue_id,
        userId: row.user_id,
        routedUserId: row.routed_user_id,
        routedAt: row.routed_at,
        queue: { ativarRoteador: row.ativar_roteador, tempoRoteador: row.tempo_roteador },
      }));
    });
  }

  /**
   * Gives the ticket to `userId` only if it is still as the router read it (same agent, same routing
   * time, still pending in the same queue outside a bot step), so two replicas never route it twice and
   * an accept or a transfer in between wins. True when this call took it.
   */
  async claim(
    manager: EntityManager,
    companyId: number,
    seen: RoutableTicket,
    userId: number,
    at: Date,
  ): Promise<boolean> {
    const rows = (await manager.query(
      `UPDATE tickets t SET user_id = $3, routed_user_id = $3, routed_at = $4, updated_at = now()
        WHERE t.company_id = $1 AND t.id = $2 AND ${Routable} AND t.queue_id = $5
          AND t.user_id IS NOT DISTINCT FROM $6::int
          AND t.routed_at IS NOT DISTINCT FROM $7::timestamptz
        RETURNING t.id`,
      [companyId, seen.id, userId, at, seen.queueId, seen.userId, seen.routedAt],
    )) as [{ id: number }[], number] | { id: number }[];
    const returned = Array.isArray(rows[0]) ? (rows[0] as { id: number }[]) : rows;
    return returned.length > 0;
  }
}
