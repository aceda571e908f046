import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type CloseImportedTicketsReply,
  type CompanyCountsReply,
  type ConnectionIdRequest,
  type ConnectionMediaReply,
  type ConnectionMediaRequest,
  type ConnectionRecord,
  type ConnectionUpdateRequest,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { ConnectionsService } from './connections.service.js';

@Injectable()
export class ConnectionsHandler {
  constructor(private readonly connections: ConnectionsService) {}

  @BusHandler(Subjects.connectors.connectionList)
  list(data: { session?: number }, ctx: CallContext): Promise<ConnectionRecord[]> {
    return this.connections.list(ctx, data ?? {});
  }

  @BusHandler(Subjects.connectors.connectionCount)
  count(data: unknown, ctx: CallContext): Promise<CompanyCountsReply> {
    return this.connections.countByCompany(ctx, data);
  }

  @BusHandler(Subjects.connectors.connectionGet)
  get(data: ConnectionIdRequest, ctx: CallContext): Promise<ConnectionRecord> {
    return this.connections.get(ctx, data);
  }

  @BusHandler(Subjects.connectors.connectionCreate)
  create(data: unknown, ctx: CallContext): Promise<ConnectionRecord> {
    return this.connections.create(ctx, data);
  }

  @BusHandler(Subjects.connectors.connectionUpdate)
  update(data: ConnectionUpdateRequest, ctx: CallContext): Promise<ConnectionRecord> {
    return this.connections.update(ctx, data);
  }

  @BusHandler(Subjects.connectors.connectionDelete)
  remove(data: ConnectionIdRequest, ctx: CallContext): Promise<{ id: number }> {
    return this.connections.remove(ctx, data);
  }

  @BusHandler(Subjects.connectors.connectionSetMedia)
  setMedia(data: ConnectionMediaRequest, ctx: CallContext): Promise<ConnectionMediaReply> {
    return this.connections.setMedia(ctx, data);
  }

  @BusHandler(Subjects.connectors.sessionStart)
  sessionStart(data: ConnectionIdRequest, ctx: CallContext): Promise<{ message: string }> {
    return this.connections.sessionStart(ctx, data);
  }

  @BusHandler(Subjects.connectors.sessionRenew)
  sessionRenew(data: ConnectionIdRequest, ctx: CallContext): Promise<{ message: string }> {
    return this.connections.sessionRenew(ctx, data);
  }

  @BusHandler(Subjects.connectors.sessionDisconnect)
  sessionDisconnect(data: ConnectionIdRequest, ctx: CallContext): Promise<{ message: string }> {
    return this.connections.sessionDisconnect(ctx, data);
  }

  @BusHandler(Subjects.connectors.closeImported)
  closeImported(data: ConnectionIdRequest, ctx: CallContext): Promise<CloseImportedTicketsReply> {
    return this.connections.closeImported(ctx, data);
  }

  @BusHandler(Subjects.connectors.restartAll)
  restartAll(_data: unknown, ctx: CallContext): Promise<{ message: string }> {
    return this.connections.restartAll(ctx);
  }
}
