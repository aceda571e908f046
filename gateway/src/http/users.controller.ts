import { Body, Controller, Inject, Param, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Subjects, UserUpdateInput, type SessionUser, type UserUpdateRequest } from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

const idParam = z.object({ id: z.coerce.number().int().positive() });

@ApiTags('users')
@ApiBearerAuth()
@Controller('users')
export class UsersController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  /** Identity decides who may change whom (a user may update themself for now). */
  @Put(':id')
  @ApiOperation({ summary: "Updates a user's preferences (language)" })
  @ApiBody({ schema: openApiSchema(UserUpdateInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<SessionUser> {
    const params = parseInput(idParam, { id });
    const input = parseInput(UserUpdateInput, body ?? {});
    const data: UserUpdateRequest = { ...input, id: params.id };
    return this.services.request<SessionUser>(Subjects.identity.userUpdate, req.sb.ctx, data);
  }
}
