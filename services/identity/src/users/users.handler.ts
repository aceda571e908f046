import { Injectable } from '@nestjs/common';
import { Subjects, type SessionUser, type UserUpdateRequest } from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { UsersService } from './users.service.js';

@Injectable()
export class UsersHandler {
  constructor(private readonly users: UsersService) {}

  @BusHandler(Subjects.identity.userUpdate)
  update(data: UserUpdateRequest, ctx: CallContext): Promise<SessionUser> {
    return this.users.update(ctx, data);
  }
}
