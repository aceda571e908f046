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
import { openApiSchema } from '../../openapi/zod-schema.js';
import {
  ApiRoutes,
  QueueOptionInput,
  QueueOptionListQuery,
  QueueOptionUpdateInput,
  Subjects,
  type ChatbotOption,
  type QueueOptionRecord,
  IdParam,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { Profiles } from '../../auth/auth.decorators.js';
import type { GatewayRequest } from '../../auth/gateway-request.js';
import { ServiceClient } from '../service-client.js';

const S = Subjects.tickets;

/** A chatbot option as the family's queue-options screen reads it; `option` is its place (1, 2…). */
const asQueueOption = (
  chatbot: ChatbotOption,
  place: number,
  queueId: number | null,
): QueueOptionRecord => ({
  id: chatbot.id,
  title: chatbot.name,
  message: chatbot.greetingMessage,
  option: String(place),
  queueId: chatbot.queueId ?? queueId,
  parentId: chatbot.chatbotId,
  createdAt: chatbot.createdAt,
  updatedAt: chatbot.updatedAt,
});

/**
 * `/queue-options` of the family's front ends: the same records as our chatbot options (a queue's
 * menu and the options under an option), with the same guards as /chatbot: everyone reads, admins write.
 */
@ApiTags('queues')
@ApiBearerAuth()
@Controller()
export class QueueOptionsController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get(ApiRoutes.family.queueOptions)
  @ApiOperation({
    summary: "A queue's options (parentId -1 or none), or the options under parentId",
  })
  async list(@Req() req: GatewayRequest, @Query() query: unknown): Promise<QueueOptionRecord[]> {
    const { queueId, parentId } = parseInput(QueueOptionListQuery, query ?? {});
    const options = parentId
      ? (await this.services.ask(req, S.chatbotGet, { id: parentId })).options
      : (await this.services.ask(req, S.queueGet, { id: queueId })).chatbots;
    return options.map((option, index) => asQueueOption(option, index + 1, queueId));
  }

  @Get(ApiRoutes.family.queueOption)
  @ApiOperation({ summary: 'One queue option' })
  async get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<QueueOptionRecord> {
    const chatbot = await this.services.forward(req, S.chatbotGet, IdParam, { id });
    return asQueueOption(chatbot, 1, chatbot.queueId);
  }

  @Post(ApiRoutes.family.queueOptions)
  @Profiles('admin')
  @ApiOperation({ summary: 'Adds an option to a queue, or under another option (parentId)' })
  @ApiBody({ schema: openApiSchema(QueueOptionInput) })
  async create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<QueueOptionRecord> {
    const input = parseInput(QueueOptionInput, body ?? {});
    const chatbot = await this.services.ask(req, S.chatbotCreate, {
      name: input.title,
      greetingMessage: input.message,
      queueId: input.parentId ? null : input.queueId,
      chatbotId: input.parentId,
      queueType: 'text',
      closeTicket: false,
      optQueueId: null,
      optUserId: null,
      optIntegrationId: null,
      optFileId: null,
    });
    return asQueueOption(chatbot, input.option ?? 1, input.queueId);
  }

  @Put(ApiRoutes.family.queueOption)
  @Profiles('admin')
  @ApiBody({ schema: openApiSchema(QueueOptionUpdateInput) })
  @ApiOperation({ summary: 'Renames an option or changes its message (its place stays)' })
  async update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<QueueOptionRecord> {
    const params = parseInput(IdParam, { id });
    const input = parseInput(QueueOptionUpdateInput, body ?? {});
    const current = await this.services.ask(req, S.chatbotGet, params);
    const chatbot = await this.services.ask(req, S.chatbotUpdate, {
      id: params.id,
      name: input.title,
      greetingMessage: input.message,
      queueType: current.queueType,
      closeTicket: current.closeTicket,
      optQueueId: current.optQueueId,
      optUserId: current.optUserId,
      optIntegrationId: current.optIntegrationId,
      optFileId: current.optFileId,
    });
    return asQueueOption(chatbot, input.option ?? 1, chatbot.queueId);
  }

  @Delete(ApiRoutes.family.queueOption)
  @Profiles('admin')
  @ApiOperation({ summary: 'Deletes an option and the options under it' })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, S.chatbotDelete, IdParam, { id });
  }
}
