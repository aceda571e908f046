import { Injectable } from '@nestjs/common';
import {
  DashboardQuery,
  hasPermission,
  MessagesCountQuery,
  MomentsQuery,
  TicketsChartQuery,
  type DashboardReply,
  type MessagesCountReply,
  type MomentsReply,
  type RequestContext,
  type TicketsDayReply,
  type TicketsUsersReply,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import { localDay } from '../projection/ticket-fact-rules.js';
import { ProjectionService } from '../projection/projection.service.js';
import {
  addDays,
  attendantOf,
  brazilianDate,
  countersOf,
  emptySums,
  periodOf,
} from './dashboard-formulas.js';
import { DashboardRepository } from './dashboard.repository.js';

/** Tempo Real shows at most this many tickets (newest first). */
const momentsLimit = 2_000;
/** Tempo Real's default range: the last 30 days. */
const momentsDefaultDays = 30;

/** A signed-in caller of a company (the anonymous context never reaches figures). */
function companyCaller(ctx: CallContext): RequestContext {
  const c = ctx as Partial<RequestContext>;
  if (!c.companyId || !c.userId || c.userId <= 0) throw new AppError('ERR_SESSION_EXPIRED');
  return ctx as RequestContext;
}

/** The dashboard figures (spec 2 §6: `dashboard:view`, so admins) of the caller's company. */
function dashboardViewer(ctx: CallContext): RequestContext {
  const caller = companyCaller(ctx);
  if (!caller.super && !hasPermission(caller, 'dashboard:view'))
    throw new AppError('ERR_NO_PERMISSION');
  return caller;
}

@Injectable()
export class DashboardService {
  constructor(
    private readonly repository: DashboardRepository,
    private readonly projection: ProjectionService,
  ) {}

  private get timeZone(): string {
    return this.projection.timeZone;
  }

  private today(): string {
    return localDay(new Date().toISOString(), this.timeZone);
  }

  async dashboard(ctx: CallContext, data: unknown): Promise<DashboardReply> {
    const { companyId } = dashboardViewer(ctx);
    const period = periodOf(parseInput(DashboardQuery, data ?? {}), this.today());
    const [sums, current, leads, byUser, users] = await Promise.all([
      this.repository.sums(companyId, period),
      this.repository.currentCounts(companyId),
      this.repository.leads(companyId, period, this.timeZone),
      this.repository.sumsByUser(companyId, period),
      this.repository.users(companyId),
    ]);
    return {
      counters: countersOf(sums, current, leads),
      attendants: users.map((user) => attendantOf(user, byUser.get(user.id) ?? emptySums())),
    };
  }

  /** Tickets per user (groups left out, users without tickets included). */
  async ticketsUsers(ctx: CallContext, data: unknown): Promise<TicketsUsersReply> {
    const { companyId } = dashboardViewer(ctx);
    const period = parseInput(TicketsChartQuery, data ?? {});
    const [byUser, users] = await Promise.all([
      this.repository.sumsByUser(companyId, period),
      this.repository.users(companyId),
    ]);
    return {
      data: users.map((user) => {
        const sums = byUser.get(user.id);
        return { nome: user.name, quantidade: sums ? sums.tickets - sums.groupTickets : 0 };
      }),
    };
  }

  /** Tickets per hour when both dates are one day, else per day. */
  async ticketsDay(ctx: CallContext, data: unknown): Promise<TicketsDayReply> {
    const { companyId } = dashboardViewer(ctx);
    const period = parseInput(TicketsChartQuery, data ?? {});
    const rows =
      period.from === period.to
        ? (await this.repository.ticketsByHour(companyId, period.from, this.timeZone)).map(
            (row) => ({
              horario: String(row.hour).padStart(2, '0'),
              total: row.total,
            }),
          )
        : (await this.repository.ticketsByDay(companyId, period)).map((row) => ({
            data: brazilianDate(row.day),
            total: row.total,
          }));
    return { data: rows, count: rows.reduce((sum, row) => sum + row.total, 0) };
  }

  async messagesCount(ctx: CallContext, data: unknown): Promise<MessagesCountReply> {
    const { companyId } = dashboardViewer(ctx);
    const query = parseInput(MessagesCountQuery, data ?? {});
    return { count: [{ count: await this.repository.messages(companyId, query.fromMe, query) }] };
  }

  /**
   * Tempo Real: admins see the company's tickets (narrowed by user and queues), users only their own.
   */
  async moments(ctx: CallContext, data: unknown): Promise<MomentsReply> {
    const caller = companyCaller(ctx);
    const query = parseInput(MomentsQuery, data ?? {});
    const to = query.to ?? this.today();
    const from = query.from ?? addDays(to, 1 - momentsDefaultDays);
    if (from > to) return [];
    const admin = caller.super || hasPermission(caller, 'dashboard:view');
    return this.repository.moments(caller.companyId, {
      from,
      to,
      timeZone: this.timeZone,
      status: query.status,
      userId: admin ? query.userId : caller.userId,
      queueIds: query.queueIds,
      limit: momentsLimit,
    });
  }
}
