import { Injectable } from '@nestjs/common';
import { Subjects, type ScheduleRecord, type SchedulesPage } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { SchedulesService } from './schedules.service.js';

const S = Subjects.campaigns;

@Injectable()
export class SchedulesHandler {
  constructor(private readonly schedules: SchedulesService) {}

  @BusHandler(S.scheduleList)
  page(data: unknown, ctx: CallContext): Promise<SchedulesPage> {
    return this.schedules.page(ctx, data);
  }

  @BusHandler(S.scheduleGet)
  get(data: unknown, ctx: CallContext): Promise<ScheduleRecord> {
    return this.schedules.get(ctx, data);
  }

  @BusHandler(S.scheduleCreate)
  create(data: unknown, ctx: CallContext): Promise<ScheduleRecord> {
    return this.schedules.create(ctx, data);
  }

  @BusHandler(S.scheduleUpdate)
  update(data: unknown, ctx: CallContext): Promise<ScheduleRecord> {
    return this.schedules.update(ctx, data);
  }

  @BusHandler(S.scheduleDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: number }> {
    return this.schedules.remove(ctx, data);
  }
}
