import { Injectable } from '@nestjs/common';
import { Subjects, type ConnectionRecord } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { ConnectionsService } from './connections.service.js';

@Injectable()
export class ConnectionsHandler {
  constructor(private readonly connections: ConnectionsService) {}

  @BusHandler(Subjects.connectors.connectionList)
  list(ctx: CallContext, data: { session?: number }): Promise<ConnectionRecord[]> {
    return this.connections.list(ctx, data ?? {});
  }
}
