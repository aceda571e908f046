import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ChatbotCreateInput,
  ChatbotUpdateInput,
  Subjects,
  type ChatbotOption,
  IdParam,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { Profiles } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

/** Single chatbot options with their nested options (spec 2 §7): everyone reads, admins write. */
@ApiTags('queues')
@ApiBearerAuth()
@Controller('chatbot')
export class ChatbotsController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get(':id')
  @ApiOperation({ summary: 'One chatbot option with its nested options' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<ChatbotOption> {
    return this.services.forward(req, Subjects.tickets.chatbotGet, IdParam, { id });
  }

  @Post()
  @Profiles('admin')
  @ApiOperation({
    summary: 'Adds an option to a queue (queueId) or under another option (chatbotId)',
  })
  @ApiBody({ schema: openApiSchema(ChatbotCreateInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<ChatbotOption> {
    return this.services.forward(req, Subjects.tickets.chatbotCreate, ChatbotCreateInput, body);
  }

  @Put(':id')
  @Profiles('admin')
  @ApiOperation({ summary: 'Updates one chatbot option (admins)' })
  @ApiBody({ schema: openApiSchema(ChatbotUpdateInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<ChatbotOption> {
    const params = parseInput(IdParam, { id });
    const data = { ...parseInput(ChatbotUpdateInput, body ?? {}), id: params.id };
    return this.services.ask(req, Subjects.tickets.chatbotUpdate, data);
  }

  @Delete(':id')
  @Profiles('admin')
  @ApiOperation({ summary: 'Deletes a chatbot option and its nested options (admins)' })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, Subjects.tickets.chatbotDelete, IdParam, { id });
  }
}
