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
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ScheduleCreateInput,
  ScheduleInput,
  ScheduleListQuery,
  Subjects,
  type ScheduleRecord,
  type SchedulesPage,
  type ScheduleUpdateRequest,
  IdParam,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { RequirePlanFlag } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

const S = Subjects.campaigns;

/**
 * Scheduled messages (spec 3 §2.8, §7 "Schedules"; spec 1 §7 "Schedules from a ticket"): plans with
 * useSchedules. The campaigns service decides who sees and changes which schedule.
 */
@ApiTags('schedules')
@RequirePlanFlag('useSchedules')
@ApiBearerAuth()
@Controller('schedules')
export class SchedulesController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({
    summary: "A page of the caller's schedules (an admin's: the company's): { schedules, hasMore }",
  })
  @ApiQuery({ name: 'searchParam', required: false })
  @ApiQuery({ name: 'pageNumber', required: false })
  page(@Req() req: GatewayRequest, @Query() query: unknown): Promise<SchedulesPage> {
    return this.services.forward(req, S.scheduleList, ScheduleListQuery, query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One schedule' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<ScheduleRecord> {
    return this.services.forward(req, S.scheduleGet, IdParam, { id });
  }

  @Post()
  @ApiOperation({ summary: 'Schedules a message to a contact (body, contactId, sendAt)' })
  @ApiBody({ schema: openApiSchema(ScheduleInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<ScheduleRecord> {
    return this.services.forward(req, S.scheduleCreate, ScheduleCreateInput, body);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Changes a waiting schedule (own ones; admins any)' })
  @ApiBody({ schema: openApiSchema(ScheduleInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<ScheduleRecord> {
    const data: ScheduleUpdateRequest = {
      ...parseInput(ScheduleInput, body ?? {}),
      ...parseInput(IdParam, { id }),
    };
    return this.services.ask(req, S.scheduleUpdate, data);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes a schedule (admins)' })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, S.scheduleDelete, IdParam, { id });
  }
}
