import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type AvailableAgentsReply,
  type SessionUser,
  type UserEditRequest,
  type UserListItem,
  type UserPresenceRequest,
  type UserRecord,
  type UsersPage,
  type UserSetImageRequest,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { AgentAvailabilityService } from './agent-availability.service.js';
import { requireCaller, requireCompanyCall } from './user-rules.js';
import { UsersService } from './users.service.js';

@Injectable()
export class UsersHandler {
  constructor(
    private readonly users: UsersService,
    private readonly agents: AgentAvailabilityService,
  ) {}

  @BusHandler(Subjects.identity.userList)
  list(data: unknown, ctx: CallContext): Promise<UsersPage> {
    return this.users.list(requireCaller(ctx), data);
  }

  @BusHandler(Subjects.identity.userPickerList)
  pickerList(_data: unknown, ctx: CallContext): Promise<UserListItem[]> {
    return this.users.pickerList(requireCaller(ctx));
  }

  @BusHandler(Subjects.identity.userRecords)
  records(_data: unknown, ctx: CallContext): Promise<UserRecord[]> {
    return this.users.companyRecords(requireCompanyCall(ctx));
  }

  @BusHandler(Subjects.identity.userGet)
  get(data: unknown, ctx: CallContext): Promise<UserRecord> {
    return this.users.get(requireCaller(ctx), data);
  }

  @BusHandler(Subjects.identity.userCreate)
  create(data: unknown, ctx: CallContext): Promise<UserRecord> {
    return this.users.create(requireCaller(ctx), data);
  }

  @BusHandler(Subjects.identity.userUpdate)
  update(data: UserEditRequest, ctx: CallContext): Promise<SessionUser> {
    return this.users.update(requireCaller(ctx), data);
  }

  @BusHandler(Subjects.identity.userDelete)
  remove(data: unknown, ctx: CallContext): Promise<Record<string, never>> {
    return this.users.remove(requireCaller(ctx), data);
  }

  @BusHandler(Subjects.identity.userSetImage)
  setImage(data: UserSetImageRequest, ctx: CallContext): Promise<SessionUser> {
    return this.users.setImage(requireCaller(ctx), data);
  }

  @BusHandler(Subjects.identity.userPresence)
  presence(data: UserPresenceRequest, ctx: CallContext): Promise<{ online: boolean }> {
    return this.users.presence(requireCaller(ctx), data);
  }

  @BusHandler(Subjects.identity.userAvailableAgents)
  availableAgents(data: unknown, ctx: CallContext): Promise<AvailableAgentsReply> {
    return this.agents.availableAgents(requireCompanyCall(ctx), data);
  }
}
