import { Injectable } from '@nestjs/common';
import { Subjects, type OnDutyNowReply, type OnDutyRecord } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { OnDutyService } from './on-duty.service.js';

const S = Subjects.campaigns;

@Injectable()
export class OnDutyHandler {
  constructor(private readonly service: OnDutyService) {}

  @BusHandler(S.onDutyList)
  list(_data: unknown, ctx: CallContext): Promise<OnDutyRecord[]> {
    return this.service.list(ctx);
  }

  @BusHandler(S.onDutyGet)
  get(data: unknown, ctx: CallContext): Promise<OnDutyRecord> {
    return this.service.get(ctx, data);
  }

  @BusHandler(S.onDutyCreate)
  create(data: unknown, ctx: CallContext): Promise<OnDutyRecord> {
    return this.service.create(ctx, data);
  }

  @BusHandler(S.onDutyUpdate)
  update(data: unknown, ctx: CallContext): Promise<OnDutyRecord> {
    return this.service.update(ctx, data);
  }

  @BusHandler(S.onDutyDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: number }> {
    return this.service.remove(ctx, data);
  }

  @BusHandler(S.onDutyNow)
  onDuty(data: unknown, ctx: CallContext): Promise<OnDutyNowReply> {
    return this.service.onDuty(ctx, data);
  }
}
