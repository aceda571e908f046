import { Injectable } from '@nestjs/common';
import {
  DashboardQuery,
  MessagesCountQuery,
  MomentsDefaultDays,
  MomentsQuery,
  TicketsChartQuery,
  type DashboardReply,
  type MessagesCountReply,
  type MomentsReply,
  type ReportTimeZoneReply,
  type TicketsDayReply,
  type TicketsUsersReply,
  Subjects,
} from '@sb/contracts';
import { type CallContext, requireMember } from '@sb/platform/context';
import { parseInput } from '@sb/platform/errors';
import { localDay } from '../projection/ticket-fact-rules.js';
import { CompanyZoneService } from '../time-zone/company-zone.service.js';
import { dashboardViewer, seesFigures } from './dashboard-access.js';
import {
  addDays,
  attendantOf,
  brazilianDate,
  countersOf,
  emptySums,
  periodOf,
} from './dashboard-formulas.js';
import { DashboardRepository } from './dashboard.repository.js';
import { BusHandler } from '@sb/platform/nest';

/** Tempo Real shows at most this many tickets (newest first). */
const momentsLimit = 2_000;

@Injectable()
export class DashboardService {
  constructor(
    private readonly repository: DashboardRepository,
    private readonly zones: CompanyZoneService,
  ) {}

  /** Today in the company's report zone. */
  private today(timeZone: string): string {
    return localDay(new Date().toISOString(), timeZone);
  }

  /** The zone the company's figures are read in (every user: Tempo Real's days in the browser). */
  @BusHandler(Subjects.reporting.timeZone)
  async timeZone(ctx: CallContext): Promise<ReportTimeZoneReply> {
    const { companyId } = requireMember(ctx);
    return { timeZone: await this.zones.zoneOf(companyId) };
  }

  @BusHandler(Subjects.reporting.dashboard)
  async dashboard(ctx: CallContext, data: unknown): Promise<DashboardReply> {
    const { companyId } = dashboardViewer(ctx);
    const timeZone = await this.zones.zoneOf(companyId);
    const period = periodOf(parseInput(DashboardQuery, data ?? {}), this.today(timeZone));
    const [sums, current, leads, byUser, users] = await Promise.all([
      this.repository.sums(companyId, period),
      this.repository.currentCounts(companyId),
      this.repository.leads(companyId, period, timeZone),
      this.repository.sumsByUser(companyId, period),
      this.repository.users(companyId),
    ]);
    return {
      counters: countersOf(sums, current, leads),
      attendants: users.map((user) => attendantOf(user, byUser.get(user.id) ?? emptySums())),
    };
  }

  /** Tickets per user (groups left out, users without tickets included). */
  @BusHandler(Subjects.reporting.ticketsUsers)
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
        return {
          nome: user.name,
          quantidade: sums ? sums.tickets - sums.groupTickets : 0,
          userId: user.id,
        };
      }),
    };
  }

  /** Tickets per hour when both dates are one day, else per day. */
  @BusHandler(Subjects.reporting.ticketsDay)
  async ticketsDay(ctx: CallContext, data: unknown): Promise<TicketsDayReply> {
    const { companyId } = dashboardViewer(ctx);
    const period = parseInput(TicketsChartQuery, data ?? {});
    const rows =
      period.from === period.to
        ? (
            await this.repository.ticketsByHour(
              companyId,
              period.from,
              await this.zones.zoneOf(companyId),
            )
          ).map((row) => ({
            horario: String(row.hour).padStart(2, '0'),
            total: row.total,
          }))
        : (await this.repository.ticketsByDay(companyId, period)).map((row) => ({
            data: brazilianDate(row.day),
            total: row.total,
          }));
    return { data: rows, count: rows.reduce((sum, row) => sum + row.total, 0) };
  }

  @BusHandler(Subjects.reporting.messagesCount)
  async messagesCount(ctx: CallContext, data: unknown): Promise<MessagesCountReply> {
    const { companyId } = dashboardViewer(ctx);
    const query = parseInput(MessagesCountQuery, data ?? {});
    return { count: [{ count: await this.repository.messages(companyId, query.fromMe, query) }] };
  }

  /**
   * Tempo Real: admins see the company's tickets (narrowed by user and queues), users only their own.
   */
  @BusHandler(Subjects.reporting.moments)
  async moments(ctx: CallContext, data: unknown): Promise<MomentsReply> {
    const caller = requireMember(ctx);
    const query = parseInput(MomentsQuery, data ?? {});
    const timeZone = await this.zones.zoneOf(caller.companyId);
    const to = query.to ?? this.today(timeZone);
    const from = query.from ?? addDays(to, 1 - MomentsDefaultDays);
    if (from > to) return [];
    const admin = seesFigures(caller);
    return this.repository.moments(caller.companyId, {
      from,
      to,
      timeZone,
      status: query.status,
      userId: admin ? query.userId : caller.userId,
      queueIds: query.queueIds,
      limit: momentsLimit,
    });
  }
}
