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
    return this.services.ask(req, Subjects.tickets.queueList, {});
  }

  @Get(':id')
  @ApiOperation({ summary: 'One queue' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<Queue> {
    return this.services.forward(req, Subjects.tickets.queueGet, IdParam, { id });
  }

  @Post()
  @Profiles('admin')
  @ApiOperation({ summary: 'Creates a queue (admins; within the plan queue limit)' })
  @ApiBody({ schema: openApiSchema(QueueInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<Queue> {
    return this.services.forward(req, Subjects.tickets.queueCreate, QueueInput, body);
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
    return this.services.ask(req, Subjects.tickets.queueUpdate, data);
  }

  @Delete(':id')
  @Profiles('admin')
  @ApiOperation({ summary: 'Deletes a queue and its chatbot options (admins)' })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, Subjects.tickets.queueDelete, IdParam, { id });
  }
}
