import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type DashboardReply,
  type MessagesCountReply,
  type MomentsReply,
  type ProjectionRebuildReply,
  type ReportTimeZoneReply,
  type TicketsDayReply,
  type TicketsUsersReply,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { AppError } from '@sb/platform/errors';
import { BusHandler } from '@sb/platform/nest';
import { ProjectionRebuildService } from '../projection/projection-rebuild.service.js';
import { DashboardService } from './dashboard.service.js';

const S = Subjects.reporting;

@Injectable()
export class DashboardHandler {
  constructor(
    private readonly dashboard: DashboardService,
    private readonly rebuilder: ProjectionRebuildService,
  ) {}

  @BusHandler(S.timeZone)
  timeZone(_data: unknown, ctx: CallContext): Promise<ReportTimeZoneReply> {
    return this.dashboard.timeZone(ctx);
  }

  @BusHandler(S.dashboard)
  get(data: unknown, ctx: CallContext): Promise<DashboardReply> {
    return this.dashboard.dashboard(ctx, data);
  }

  @BusHandler(S.ticketsUsers)
  ticketsUsers(data: unknown, ctx: CallContext): Promise<TicketsUsersReply> {
    return this.dashboard.ticketsUsers(ctx, data);
  }

  @BusHandler(S.ticketsDay)
  ticketsDay(data: unknown, ctx: CallContext): Promise<TicketsDayReply> {
    return this.dashboard.ticketsDay(ctx, data);
  }

  @BusHandler(S.moments)
  moments(data: unknown, ctx: CallContext): Promise<MomentsReply> {
    return this.dashboard.moments(ctx, data);
  }

  @BusHandler(S.messagesCount)
  messagesCount(data: unknown, ctx: CallContext): Promise<MessagesCountReply> {
    return this.dashboard.messagesCount(ctx, data);
  }

  /** Platform operation: only the super user replays the stream. */
  @BusHandler(S.rebuild)
  rebuild(_data: unknown, ctx: CallContext): Promise<ProjectionRebuildReply> {
    if (!(ctx as { super?: boolean }).super) throw new AppError('ERR_NO_PERMISSION');
    return this.rebuilder.rebuild();
  }
}
