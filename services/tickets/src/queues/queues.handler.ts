import { Injectable } from '@nestjs/common';
import { Subjects, type CompanyCountsReply, type Queue } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { QueuesService } from './queues.service.js';

@Injectable()
export class QueuesHandler {
  constructor(private readonly queues: QueuesService) {}

  @BusHandler(Subjects.tickets.queueList)
  list(_data: unknown, ctx: CallContext): Promise<Queue[]> {
    return this.queues.list(ctx);
  }

  @BusHandler(Subjects.tickets.queueCount)
  count(data: unknown, ctx: CallContext): Promise<CompanyCountsReply> {
    return this.queues.countByCompany(ctx, data);
  }

  @BusHandler(Subjects.tickets.queueGet)
  get(data: unknown, ctx: CallContext): Promise<Queue> {
    return this.queues.get(ctx, data);
  }

  @BusHandler(Subjects.tickets.queueCreate)
  create(data: unknown, ctx: CallContext): Promise<Queue> {
    return this.queues.create(ctx, data);
  }

  @BusHandler(Subjects.tickets.queueUpdate)
  update(data: unknown, ctx: CallContext): Promise<Queue> {
    return this.queues.update(ctx, data);
  }

  @BusHandler(Subjects.tickets.queueDelete)
  remove(data: unknown, ctx: CallContext): Promise<{ id: number }> {
    return this.queues.remove(ctx, data);
  }
}
