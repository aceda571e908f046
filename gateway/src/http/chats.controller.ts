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
import { z } from 'zod';
import {
  ChatInput,
  ChatListQuery,
  ChatMessageInput,
  ChatMessagesQuery,
  Subjects,
  type Chat,
  type ChatMessage,
  type ChatMessagePage,
  type ChatPage,
  IdParam,
  recordId,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { RequirePlanFlag } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

const S = Subjects.identity;
/** GET /chats/:id also takes the chat's uuid (the web's /chats/{uuid}). */
const idOrUuidParam = z.object({
  id: z.union([recordId, z.string().uuid()]),
});

/**
 * Internal chat (spec 3 §2.13, §6, §7 "Internal chat"), for companies whose plan has useInternalChat.
 * Every user of the company may chat; identity answers only for chats the caller belongs to, and lets
 * only the owner change or delete one.
 */
@ApiTags('chats')
@ApiBearerAuth()
@RequirePlanFlag('useInternalChat')
@Controller('chats')
export class ChatsController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: "The caller's chats, by last message (searchParam, pageNumber)" })
  list(@Req() req: GatewayRequest, @Query() query: unknown): Promise<ChatPage> {
    return this.services.forward(req, S.chatList, ChatListQuery, query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One chat of the caller, by id or uuid' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<Chat> {
    return this.services.forward(req, S.chatGet, idOrUuidParam, { id });
  }

  @Post()
  @ApiOperation({ summary: 'Creates a chat owned by the caller: title, users' })
  @ApiBody({ schema: openApiSchema(ChatInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<Chat> {
    return this.services.forward(req, S.chatCreate, ChatInput, body);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Changes the title and users of a chat (its owner only)' })
  @ApiBody({ schema: openApiSchema(ChatInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<Chat> {
    return this.services.ask(req, S.chatUpdate, {
      ...parseInput(ChatInput, body ?? {}),
      ...parseInput(IdParam, { id }),
    });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes a chat with its messages (its owner only)' })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, S.chatDelete, IdParam, { id });
  }

  @Get(':id/messages')
  @ApiOperation({
    summary: "A page of a chat's messages: page 1 is the newest, each page oldest first",
  })
  messages(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Query() query: unknown,
  ): Promise<ChatMessagePage> {
    return this.services.ask(req, S.chatMessages, {
      ...parseInput(ChatMessagesQuery, query ?? {}),
      ...parseInput(IdParam, { id }),
    });
  }

  @Post(':id/messages')
  @ApiOperation({ summary: 'Sends a message to a chat of the caller' })
  @ApiBody({ schema: openApiSchema(ChatMessageInput) })
  send(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<ChatMessage> {
    return this.services.ask(req, S.chatSend, {
      ...parseInput(ChatMessageInput, body ?? {}),
      ...parseInput(IdParam, { id }),
    });
  }

  @Post(':id/read')
  @ApiOperation({ summary: 'Marks a chat read by the caller (a userId in the body is ignored)' })
  read(@Req() req: GatewayRequest, @Param('id') id: string): Promise<Chat> {
    return this.services.forward(req, S.chatRead, IdParam, { id });
  }
}
