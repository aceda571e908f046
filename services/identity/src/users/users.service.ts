import { Injectable } from '@nestjs/common';
import {
  UserUpdateInput,
  type SessionUser,
  type UserUpdateRequest,
  type UserUpdatedEventData,
} from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import { Outbox } from '@sb/platform/outbox';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { toSessionUser } from './session-user.js';
import { mayUpdateUser, type Caller } from './user-access.js';
import { SessionUserLoader } from './session-user.loader.js';
import { UsersRepository } from './users.repository.js';

const UserUpdateRequestSchema = UserUpdateInput.extend({ id: z.coerce.number().int().positive() });

@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly loader: SessionUserLoader,
  ) {}

  async update(ctx: Caller, request: UserUpdateRequest): Promise<SessionUser> {
    if (ctx.userId <= 0) throw new AppError('ERR_SESSION_EXPIRED');
    const { id, ...changes } = parseInput(UserUpdateRequestSchema, request);
    return this.dataSource.transaction(async (manager) => {
      // scoped by the caller's company: another company's user is simply not found
      const target = await this.users.findById(ctx.companyId, id, manager);
      if (!target) throw new AppError('ERR_NO_USER_FOUND');
      if (!mayUpdateUser(ctx, target)) throw new AppError('ERR_NO_PERMISSION');
      await this.users.updatePreferences(manager, ctx.companyId, id, changes);
      const updated = await this.users.findById(ctx.companyId, id, manager);
      const source = updated && (await this.loader.load(updated, manager));
      if (!source) throw new AppError('ERR_NO_USER_FOUND');
      const user = toSessionUser(source);
      const data: UserUpdatedEventData = { user };
      await Outbox.add(manager, {
        companyId: ctx.companyId,
        service: 'identity',
        entity: 'user',
        action: 'updated',
        data,
      });
      return user;
    });
  }
}
