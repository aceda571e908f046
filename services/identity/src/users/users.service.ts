import { Injectable } from '@nestjs/common';
import {
  UserCreateInput,
  UserEditInput,
  UserListQuery,
  UsersPageSize,
  type SessionUser,
  type UserDeletedEventData,
  type UserEditRequest,
  type UserListItem,
  type UserPresenceRequest,
  type UserRecord,
  type UsersPage,
  type UserSetImageRequest,
  type UserUpdatedEventData,
  IdParam,
  recordId,
  Subjects,
} from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import { Outbox, recordAudit } from '@sb/platform/outbox';
import { keyBelongsToCompany } from '@sb/storage';
import type { EntityManager } from 'typeorm';
import { Transactions, violatedUnique } from '@sb/platform/db';
import { z } from 'zod';
import { hashPassword } from '../auth/password-hasher.js';
import { assertUserLimit } from '../plans/plan-limits.js';
import { toSessionUser } from './session-user.js';
import { SessionUserLoader } from './session-user.loader.js';
import { UserCreation } from './user-creation.js';
import { toUserListItem } from './user-record.js';
import { UserRecords } from './user-records.js';
import {
  forbiddenUserChanges,
  isOnline,
  mayChangePicture,
  mayManageUsers,
  type Caller,
} from './user-rules.js';
import type { User } from './user.entity.js';
import { UsersRepository, type UserWrite } from './users.repository.js';
import { BusHandler } from '@sb/platform/nest';
import { requireMember, requireCompanyCall } from '@sb/platform/context';

const EditRequestSchema = UserEditInput.extend({ id: recordId });
const SetImageSchema = z.object({ id: recordId, key: z.string().min(1) });
const PresenceSchema = z.object({ online: z.boolean() });

/** Postgres unique_violation on users.email */
const isEmailTaken = (err: unknown): boolean => violatedUnique(err)?.includes('email') ?? false;

const emailTaken = () =>
  new AppError('ERR_EMAIL_ALREADY_EXISTS', {
    fields: { email: ['An user with this email already exists.'] },
  });

@Injectable()
export class UsersService {
  constructor(
    private readonly transactions: Transactions,
    private readonly users: UsersRepository,
    private readonly loader: SessionUserLoader,
    private readonly userRecords: UserRecords,
    private readonly creation: UserCreation,
  ) {}

  @BusHandler(Subjects.identity.userList, requireMember)
  async list(ctx: Caller, query: unknown): Promise<UsersPage> {
    const { searchParam, pageNumber } = parseInput(UserListQuery, query ?? {});
    const offset = (pageNumber - 1) * UsersPageSize;
    const { users, count } = await this.users.page(
      ctx.companyId,
      searchParam,
      offset,
      UsersPageSize,
    );
    return {
      users: await this.records(users),
      count,
      hasMore: count > offset + users.length,
    };
  }

  @BusHandler(Subjects.identity.userPickerList, requireMember)
  async pickerList(ctx: Caller): Promise<UserListItem[]> {
    return (await this.records(await this.users.all(ctx.companyId))).map(toUserListItem);
  }

  /** Every user of the company in full, for a service's replica (a call of the service itself). */
  @BusHandler(Subjects.identity.userRecords, requireCompanyCall)
  async companyRecords(ctx: { companyId: number }): Promise<UserRecord[]> {
    return this.records(await this.users.all(ctx.companyId));
  }

  @BusHandler(Subjects.identity.userGet, requireMember)
  async get(ctx: Caller, data: unknown): Promise<UserRecord> {
    const { id } = parseInput(IdParam, data);
    return this.record(await this.found(ctx, id));
  }

  @BusHandler(Subjects.identity.userCreate, requireMember)
  async create(ctx: Caller, data: unknown): Promise<UserRecord> {
    if (!mayManageUsers(ctx)) throw new AppError('ERR_NO_PERMISSION');
    const input = parseInput(UserCreateInput, data);
    const { password, queueIds, ...fields } = input;
    const passwordHash = await hashPassword(password);
    try {
      // across companies: an email is unique platform-wide, and the check reads every company's users
      return await this.transactions.acrossCompanies(async (manager) => {
        // the plan's user limit, counted under a lock on the company row
        await assertUserLimit(manager, ctx.companyId);
        if (await this.users.findByEmail(input.email, manager)) throw emailTaken();
        const record = await this.creation.create(manager, ctx.companyId, {
          ...fields,
          passwordHash,
          queueIds,
        });
        await recordAudit(manager, 'identity', ctx, {
          action: 'create',
          entity: 'user',
          entityId: record.id,
          after: record,
        });
        return record;
      });
    } catch (err) {
      throw isEmailTaken(err) ? emailTaken() : err;
    }
  }

  /** PUT /users/:id: a user edits their own preferences; admins edit everyone of the company. */
  @BusHandler(Subjects.identity.userUpdate, requireMember)
  async update(ctx: Caller, data: UserEditRequest): Promise<SessionUser> {
    if (ctx.userId <= 0) throw new AppError('ERR_SESSION_EXPIRED');
    const { id, password, queueIds, ...fields } = parseInput(EditRequestSchema, data);
    const passwordHash = password === undefined ? undefined : await hashPassword(password);
    try {
      // across companies: a new email is checked against every company's users
      return await this.transactions.acrossCompanies(async (manager) => {
        const target = await this.found(ctx, id, manager);
        const currentQueues = (await this.users.queueIds([id], manager)).get(id) ?? [];
        const forbidden = forbiddenUserChanges(
          ctx,
          target,
          { ...fields, password, queueIds },
          { ...target, queueIds: currentQueues },
        );
        if (forbidden.length) {
          throw new AppError('ERR_NO_PERMISSION', {
            fields: Object.fromEntries(forbidden.map((field) => [field, ['No permission.']])),
          });
        }
        if (fields.email && fields.email !== target.email) {
          const holder = await this.users.findByEmail(fields.email, manager);
          if (holder && holder.id !== id) throw emailTaken();
        }
        const changes: UserWrite = { ...fields };
        if (passwordHash) changes.passwordHash = passwordHash;
        const before = mayManageUsers(ctx) ? await this.record(target, manager) : null;
        await this.users.update(manager, ctx.companyId, id, dropUndefined(changes));
        if (queueIds) await this.users.replaceQueues(manager, id, queueIds);
        const updated = await this.publishUpdated(manager, ctx.companyId, id);
        // an admin's edit is audited; a user's own preferences are not an admin action
        if (before) {
          const after = await this.record(await this.found(ctx, id, manager), manager);
          await recordAudit(manager, 'identity', ctx, {
            action: 'update',
            entity: 'user',
            entityId: id,
            before,
            // the password itself never: only that it changed (masked)
            after: passwordHash ? { ...after, password: 'changed' } : after,
          });
        }
        return updated;
      });
    } catch (err) {
      throw isEmailTaken(err) ? emailTaken() : err;
    }
  }

  @BusHandler(Subjects.identity.userDelete, requireMember)
  async remove(ctx: Caller, data: unknown): Promise<Record<string, never>> {
    const { id } = parseInput(IdParam, data);
    if (!mayManageUsers(ctx)) throw new AppError('ERR_NO_PERMISSION');
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const target = await this.found(ctx, id, manager);
      if (target.id === ctx.userId) {
        throw new AppError('ERR_NO_PERMISSION', { message: 'You cannot delete your own user.' });
      }
      if (target.super && ctx.super !== true) throw new AppError('ERR_NO_PERMISSION');
      const before = await this.record(target, manager);
      await this.users.remove(manager, ctx.companyId, id);
      await recordAudit(manager, 'identity', ctx, {
        action: 'delete',
        entity: 'user',
        entityId: id,
        before,
      });
      const event: UserDeletedEventData = { userId: id };
      await Outbox.add(manager, {
        companyId: ctx.companyId,
        service: 'identity',
        entity: 'user',
        action: 'deleted',
        data: event,
      });
      return {};
    });
  }

  /** The gateway stored a picture under the caller's company; record its key on the user. */
  @BusHandler(Subjects.identity.userSetImage, requireMember)
  async setImage(ctx: Caller, data: UserSetImageRequest): Promise<SessionUser> {
    const { id, key } = parseInput(SetImageSchema, data);
    if (!keyBelongsToCompany(key, ctx.companyId)) {
      throw new AppError('ERR_VALIDATION', {
        fields: { key: ['not a media key of this company'] },
      });
    }
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const target = await this.found(ctx, id, manager);
      if (!mayChangePicture(ctx, target)) throw new AppError('ERR_NO_PERMISSION');
      await this.users.update(manager, ctx.companyId, id, { profileImage: key });
      return this.publishUpdated(manager, ctx.companyId, id);
    });
  }

  /**
   * The socket heartbeat: records when the caller was last seen. The event goes out only when the visible
   * status flips, so a heartbeat every minute does not flood the company's sockets.
   */
  @BusHandler(Subjects.identity.userPresence, requireMember)
  async presence(ctx: Caller, data: UserPresenceRequest): Promise<{ online: boolean }> {
    if (ctx.userId <= 0) throw new AppError('ERR_SESSION_EXPIRED');
    const { online } = parseInput(PresenceSchema, data);
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const user = await this.found(ctx, ctx.userId, manager);
      const now = new Date();
      const wasOnline = isOnline(user, now.getTime());
      await this.users.setPresence(manager, ctx.companyId, user.id, online, now);
      if (wasOnline !== online) await this.publishUpdated(manager, ctx.companyId, user.id);
      return { online };
    });
  }

  private async found(ctx: Caller, id: number, manager?: EntityManager): Promise<User> {
    // scoped by the caller's company: another company's user is simply not found
    const user = await this.users.findById(ctx.companyId, id, manager);
    if (!user) throw new AppError('ERR_NO_USER_FOUND');
    return user;
  }

  private async publishUpdated(
    manager: EntityManager,
    companyId: number,
    id: number,
  ): Promise<SessionUser> {
    const updated = await this.users.findById(companyId, id, manager);
    const source = updated && (await this.loader.load(updated, manager));
    if (!updated || !source) throw new AppError('ERR_NO_USER_FOUND');
    const user = toSessionUser(source);
    const queueIds = (await this.users.queueIds([id], manager)).get(id) ?? [];
    const event: UserUpdatedEventData = { user, queueIds, online: isOnline(updated) };
    await Outbox.add(manager, {
      companyId,
      service: 'identity',
      entity: 'user',
      action: 'updated',
      data: event,
    });
    return user;
  }

  private record(user: User, manager?: EntityManager): Promise<UserRecord> {
    return this.userRecords.one(user, manager);
  }

  private records(users: User[]): Promise<UserRecord[]> {
    return this.userRecords.of(users);
  }
}

const dropUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
