import { Injectable } from '@nestjs/common';
import { Subjects, type RevokedSessionsReply } from '@sb/contracts';
import { BusHandler } from '@sb/platform/nest';
import { SessionsService } from './sessions.service.js';

@Injectable()
export class SessionsHandler {
  constructor(private readonly sessions: SessionsService) {}

  /** The gateway keeps this list to refuse access tokens of revoked sessions until they expire. */
  @BusHandler(Subjects.identity.revokedSessions)
  revokedList(): Promise<RevokedSessionsReply> {
    return this.sessions.revokedList(new Date());
  }
}
