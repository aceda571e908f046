import { Injectable } from '@nestjs/common';
import { Subjects, type ExternalSendReply } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { ExternalApiService } from './external-api.service.js';

@Injectable()
export class ExternalApiHandler {
  constructor(private readonly externalApi: ExternalApiService) {}

  @BusHandler(Subjects.tickets.externalSend)
  send(data: unknown, ctx: CallContext): Promise<ExternalSendReply> {
    return this.externalApi.send(ctx, data);
  }
}
