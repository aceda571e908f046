import { Injectable } from '@nestjs/common';
import { Subjects, type PlantaoOnDutyReply, type PlantaoRecord } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { PlantaoService } from './plantao.service.js';

const S = Subjects.campaigns;

@Injectable()
export class PlantaoHandler {
  constructor(private readonly plantao: PlantaoService) {}

  @BusHandler(S.plantaoList)
  list(_data: unknown, ctx: CallContext): Promise<PlantaoRecord[]> {
    return this.plantao.list(ctx);
  }

  @BusHandler(S.plantaoGet)
  get(data: unknown, ctx: CallContext): Promise<PlantaoRecord> {
    return this.plantao.get(ctx, data);
  }

  @BusHandler(S.plantaoCreate)
  create(data: unknown, ctx: CallContext): Promise<PlantaoRecord> {
    return this.plantao.create(ctx, data);
  }

  @BusHandler(S.plantaoUpdate)
  update(data: unknown, ctx: CallContext): Promise<PlantaoRecord> {
    return this.plantao.update(ctx, data);
  }

  @BusHandler(S.plantaoDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: number }> {
    return this.plantao.remove(ctx, data);
  }

  @BusHandler(S.plantaoOnDuty)
  onDuty(data: unknown, ctx: CallContext): Promise<PlantaoOnDutyReply> {
    return this.plantao.onDuty(ctx, data);
  }
}
