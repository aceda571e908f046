import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type IssuedSession,
  type LoginRequest,
  type LogoutRequest,
  type RefreshRequest,
  type SessionUser,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { AuthService } from './auth.service.js';

@Injectable()
export class AuthHandler {
  constructor(private readonly auth: AuthService) {}

  @BusHandler(Subjects.identity.login)
  login(data: LoginRequest): Promise<IssuedSession> {
    return this.auth.login(data);
  }

  @BusHandler(Subjects.identity.refresh)
  refresh(data: RefreshRequest): Promise<IssuedSession> {
    return this.auth.refresh(data);
  }

  @BusHandler(Subjects.identity.logout)
  logout(data: LogoutRequest, ctx: CallContext): Promise<Record<string, never>> {
    return this.auth.logout(ctx, data);
  }

  @BusHandler(Subjects.identity.me)
  me(_data: unknown, ctx: CallContext): Promise<SessionUser> {
    return this.auth.me(ctx);
  }
}
