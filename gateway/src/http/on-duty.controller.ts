import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  OnDutyInput,
  Subjects,
  type OnDutyRecord,
  type OnDutyUpdateRequest,
  IdParam,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { Profiles } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

const S = Subjects.campaigns;

/**
 * On-duty staff (spec 3 §2.17, §7 "On-duty staff"): like queues, every member reads and admins write.
 * The user selector uses GET /users/list (users controller).
 */
@ApiTags('on-duty')
@ApiBearerAuth()
// the path is the spec's name for on-duty staff (see libs/contracts on-duty)
@Controller('plantao')
export class OnDutyController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: "The company's on-duty entries with their user, phone and hours" })
  list(@Req() req: GatewayRequest): Promise<OnDutyRecord[]> {
    return this.services.ask(req, S.onDutyList, {});
  }

  @Get(':id')
  @ApiOperation({ summary: 'One on-duty entry' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<OnDutyRecord> {
    return this.services.forward(req, S.onDutyGet, IdParam, { id });
  }

  @Post()
  @Profiles('admin')
  @ApiOperation({ summary: 'Adds an on-duty entry (admins): userId, phone, interval, days' })
  @ApiBody({ schema: openApiSchema(OnDutyInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<OnDutyRecord> {
    return this.services.forward(req, S.onDutyCreate, OnDutyInput, body);
  }

  @Put(':id')
  @Profiles('admin')
  @ApiOperation({ summary: 'Changes an on-duty entry (admins)' })
  @ApiBody({ schema: openApiSchema(OnDutyInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<OnDutyRecord> {
    const data: OnDutyUpdateRequest = {
      ...parseInput(OnDutyInput, body ?? {}),
      ...parseInput(IdParam, { id }),
    };
    return this.services.ask(req, S.onDutyUpdate, data);
  }

  @Delete(':id')
  @Profiles('admin')
  @ApiOperation({ summary: 'Removes an on-duty entry (admins)' })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, S.onDutyDelete, IdParam, { id });
  }
}
