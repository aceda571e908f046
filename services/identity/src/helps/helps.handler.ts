import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type Help,
  type HelpIdRequest,
  type HelpPage,
  type HelpUpdateRequest,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { HelpsService } from './helps.service.js';

@Injectable()
export class HelpsHandler {
  constructor(private readonly helps: HelpsService) {}

  @BusHandler(Subjects.identity.helpList)
  page(data: unknown, ctx: CallContext): Promise<HelpPage> {
    return this.helps.page(ctx, data);
  }

  @BusHandler(Subjects.identity.helpListAll)
  list(_data: unknown, ctx: CallContext): Promise<Help[]> {
    return this.helps.list(ctx);
  }

  @BusHandler(Subjects.identity.helpCreate)
  create(data: unknown, ctx: CallContext): Promise<Help> {
    return this.helps.create(ctx, data);
  }

  @BusHandler(Subjects.identity.helpUpdate)
  update(data: HelpUpdateRequest, ctx: CallContext): Promise<Help> {
    return this.helps.update(ctx, data);
  }

  @BusHandler(Subjects.identity.helpDelete)
  remove(data: HelpIdRequest, ctx: CallContext): Promise<{ id: number }> {
    return this.helps.remove(ctx, data);
  }
}
