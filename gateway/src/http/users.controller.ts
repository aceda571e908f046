import {
  Body,
  Controller,
  Delete,
  Get,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
} from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Subjects,
  UserCreateInput,
  UserEditInput,
  UserListQuery,
  type SessionUser,
  type UserEditRequest,
  type UserListItem,
  type UserRecord,
  type UsersPage,
  IdParam,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { Profiles } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

/** Users of spec 2 §7. Identity applies the role rules of spec 2 §6; the guards here are the first gate. */
@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
export class UsersController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get()
  @Profiles('admin')
  @ApiOperation({ summary: 'Users of the company, 40 per page: { users, hasMore, count }' })
  list(@Req() req: GatewayRequest, @Query() query: unknown): Promise<UsersPage> {
    return this.services.forward(req, Subjects.identity.userList, UserListQuery, query);
  }

  /** Every user of the company may list names for pickers (transfer, filters). */
  @Get('list')
  @ApiOperation({
    summary: 'All users of the company (id, name, profile, online, picture, queueIds, queues)',
  })
  picker(@Req() req: GatewayRequest): Promise<UserListItem[]> {
    return this.services.ask(req, Subjects.identity.userPickerList, {});
  }

  @Get(':id')
  @ApiOperation({ summary: 'One user of the company' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<UserRecord> {
    return this.services.forward(req, Subjects.identity.userGet, IdParam, { id });
  }

  @Post()
  @Profiles('admin')
  @ApiOperation({ summary: 'Creates a user (admins; within the plan limit)' })
  @ApiBody({ schema: openApiSchema(UserCreateInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<UserRecord> {
    return this.services.forward(req, Subjects.identity.userCreate, UserCreateInput, body);
  }

  /** Identity decides who may change which field (a user: own name, password, theme, menu, language…). */
  @Put(':id')
  @ApiOperation({ summary: 'Updates a user' })
  @ApiBody({ schema: openApiSchema(UserEditInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<SessionUser> {
    const params = parseInput(IdParam, { id });
    const input = parseInput(UserEditInput, body ?? {});
    const data: UserEditRequest = { ...input, id: params.id };
    return this.services.ask(req, Subjects.identity.userUpdate, data);
  }

  @Delete(':id')
  @Profiles('admin')
  @ApiOperation({ summary: 'Deletes a user (admins; never themself)' })
  async remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ message: string }> {
    await this.services.forward(req, Subjects.identity.userDelete, IdParam, { id });
    return { message: 'User deleted' };
  }
}
