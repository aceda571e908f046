import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  givenFields,
  QueueInput,
  QueueUpdateInput,
  Subjects,
  type Queue,
  type QueueUpdateRequest,
  IdParam,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { Profiles } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

/** Queues with their chatbot trees (spec 2 §2 Queues, §7): everyone reads, admins write. */
@ApiTags('queues')
@ApiBearerAuth()
@Controller('queue')
export class QueuesController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: "The company's queues with their chatbot options, in menu order" })
  list(@Req() req: GatewayRequest): Promise<Queue[]> {
    return this.services.request(Subjects.tickets.queueList, req.sb.ctx, {});
  }

  @Get(':id')
  @ApiOperation({ summary: 'One queue' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<Queue> {
    const data = parseInput(IdParam, { id });
    return this.services.request(Subjects.tickets.queueGet, req.sb.ctx, data);
  }

  @Post()
  @Profiles('admin')
  @ApiOperation({ summary: 'Creates a queue (admins; within the plan queue limit)' })
  @ApiBody({ schema: openApiSchema(QueueInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<Queue> {
    const data = parseInput(QueueInput, body ?? {});
    return this.services.request(Subjects.tickets.queueCreate, req.sb.ctx, data);
  }

  @Put(':id')
  @Profiles('admin')
  @ApiOperation({ summary: 'Updates a queue, its schedules and its chatbot tree (admins)' })
  @ApiBody({ schema: openApiSchema(QueueUpdateInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<Queue> {
    const params = parseInput(IdParam, { id });
    const data: QueueUpdateRequest = {
      ...givenFields(parseInput(QueueUpdateInput, body ?? {}), body),
      id: params.id,
    };
    return this.services.request(Subjects.tickets.queueUpdate, req.sb.ctx, data);
  }

  @Delete(':id')
  @Profiles('admin')
  @ApiOperation({ summary: 'Deletes a queue and its chatbot options (admins)' })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    const data = parseInput(IdParam, { id });
    return this.services.request(Subjects.tickets.queueDelete, req.sb.ctx, data);
  }
}
