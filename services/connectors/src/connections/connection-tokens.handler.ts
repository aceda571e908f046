import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type ConnectionByTokenReply,
  type ConnectionByTokenRequest,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import { BusHandler } from '@sb/platform/nest';
import type { Connection } from './connection.entity.js';
import { ConnectionsRepository } from './connections.repository.js';
import type { CallContext } from '@sb/platform/context';

/** Longer than any token the connection form accepts (varchar 255): refused without a query. */
const MaxTokenLength = 255;

/**
 * The connection a token names, or ERR_INVALID_API_TOKEN: no match, or a token two connections share
 * (which company would it be?). Pure, so the rule is tested without a database.
 */
export const connectionOfToken = (rows: Connection[]): ConnectionByTokenReply => {
  const [row, other] = rows;
  if (!row || other) throw new AppError('ERR_INVALID_API_TOKEN');
  return {
    connectionId: row.id,
    companyId: row.companyId,
    channel: row.channel,
    status: row.status,
  };
};

/**
 * `connectors.connection.by-token` (gateway → connectors, anonymous caller): resolves the bearer token of
 * the external messages API to its connection, company and session status.
 */
@Injectable()
export class ConnectionTokensHandler {
  constructor(private readonly connections: ConnectionsRepository) {}

  @BusHandler(Subjects.connectors.connectionByToken)
  async byToken(
    _ctx: CallContext,
    data: ConnectionByTokenRequest,
  ): Promise<ConnectionByTokenReply> {
    const token = typeof data?.token === 'string' ? data.token.trim() : '';
    if (!token || token.length > MaxTokenLength) throw new AppError('ERR_INVALID_API_TOKEN');
    return connectionOfToken(await this.connections.findByToken(token));
  }
}
