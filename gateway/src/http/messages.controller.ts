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
  UploadedFiles,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { FilesInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  MessageEditInput,
  MessageForwardInput,
  MessageListQuery,
  MessageReactionInput,
  MessageSendInput,
  Subjects,
  type MessageRecord,
  type MessageSendRequest,
  type MessagesPage,
  type MessagesRead,
  type RequestContext,
  type StoredMedia,
  type TicketImages,
  recordId,
} from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import type { ObjectStorage } from '@sb/storage';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { GATEWAY_LOGGER } from '../gateway.tokens.js';
import {
  MaxMessageUploadBytes,
  MaxMessageUploadFiles,
  removeMessageMedia,
  storeMessageMedia,
  type UploadedMedia,
} from '../media/message-media.js';
import { MEDIA_STORAGE } from '../media/media.tokens.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { UploadLimitFilter } from '../media/media-upload.js';
import { ServiceClient } from './service-client.js';

const S = Subjects.tickets;
const ticketIdParam = z.object({ ticketId: recordId });
const messageIdParam = z.object({ id: z.string().uuid() });

/** Multipart fields arrive as text: quotedMsg and vCard as JSON. */
const parseJsonField = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!text || text === 'null' || text === 'undefined') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError('ERR_VALIDATION', { fields: { quotedMsg: ['Invalid JSON'] } });
  }
};

/**
 * Messages of a ticket (spec 1 §7): list, send (JSON or multipart `medias`), edit, revoke, forward.
 * Files go to object storage here, typed by their bytes, after the ticket's channel limit is checked.
 */
@ApiTags('messages')
@ApiBearerAuth()
@Controller()
export class MessagesController {
  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  @Get('messages/:ticketId')
  @ApiOperation({ summary: '20 messages per page, newest page first; marks the ticket read' })
  page(
    @Req() req: GatewayRequest,
    @Param('ticketId') ticketId: string,
    @Query() query: unknown,
  ): Promise<MessagesPage> {
    return this.services.ask(req, S.messageList, {
      ...parseInput(MessageListQuery, query ?? {}),
      ...parseInput(ticketIdParam, { ticketId }),
    });
  }

  @Post('messages/:ticketId/read')
  @ApiOperation({ summary: "Marks the ticket's messages read (the open chat, as messages arrive)" })
  read(@Req() req: GatewayRequest, @Param('ticketId') ticketId: string): Promise<MessagesRead> {
    return this.services.forward(req, S.messageRead, ticketIdParam, { ticketId });
  }

  @Post('messages/:ticketId')
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiBody({ schema: openApiSchema(MessageSendInput) })
  @ApiOperation({ summary: 'Sends a text, files (medias), a vCard, a reply or a private note' })
  @UseFilters(new UploadLimitFilter(MaxMessageUploadBytes))
  @UseInterceptors(
    FilesInterceptor('medias', MaxMessageUploadFiles, {
      limits: { fileSize: MaxMessageUploadBytes },
    }),
  )
  async send(
    @Req() req: GatewayRequest,
    @Param('ticketId') ticketId: string,
    @Body() body: unknown,
    @UploadedFiles() files: UploadedMedia[] | undefined,
  ): Promise<MessageRecord[]> {
    const { ticketId: id } = parseInput(ticketIdParam, { ticketId });
    const raw = (body ?? {}) as Record<string, unknown>;
    const input = parseInput(MessageSendInput, {
      ...raw,
      ...('quotedMsg' in raw ? { quotedMsg: parseJsonField(raw.quotedMsg) } : {}),
      ...('vCard' in raw ? { vCard: parseJsonField(raw.vCard) } : {}),
    });
    const ctx = req.sb.ctx as RequestContext;
    const medias = files && files.length > 0 ? await this.store(ctx, id, files) : undefined;
    const data: MessageSendRequest = { ...input, ticketId: id, ...(medias ? { medias } : {}) };
    try {
      return await this.services.request(S.messageSend, ctx, data);
    } catch (err) {
      // tickets refused (blocked contact, unknown ticket): the files must not stay behind
      await removeMessageMedia(this.storage, this.logger, medias);
      throw err;
    }
  }

  @Put('messages/:id')
  @ApiBody({ schema: openApiSchema(MessageEditInput) })
  @ApiOperation({ summary: 'Edits an own text inside the channel edit window' })
  edit(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<MessageRecord> {
    return this.services.ask(req, S.messageEdit, {
      ...parseInput(MessageEditInput, body ?? {}),
      ...parseInput(messageIdParam, { id }),
    });
  }

  /** The peers' edit call (the same as PUT /messages/:id). */
  @Post('messages/edit/:id')
  @ApiBody({ schema: openApiSchema(MessageEditInput) })
  @ApiOperation({ summary: 'Edits an own text inside the channel edit window' })
  editByPost(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<MessageRecord> {
    return this.edit(req, id, body);
  }

  @Post('messages/:id/reactions')
  @ApiBody({ schema: openApiSchema(MessageReactionInput) })
  @ApiOperation({ summary: 'Reacts to a message with an emoji (type), sent to the channel' })
  react(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<MessageRecord> {
    return this.services.ask(req, S.messageReact, {
      ...parseInput(MessageReactionInput, body ?? {}),
      ...parseInput(messageIdParam, { id }),
    });
  }

  @Get('messages/listimages/:ticketId')
  @ApiOperation({ summary: "The images of a ticket's conversation as signed links, oldest first" })
  images(@Req() req: GatewayRequest, @Param('ticketId') ticketId: string): Promise<TicketImages> {
    return this.services.forward(req, S.messageImages, ticketIdParam, { ticketId });
  }

  @Delete('messages/:id')
  @ApiOperation({ summary: 'Deletes an own message for everyone (private notes are destroyed)' })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: string }> {
    return this.services.forward(req, S.messageDelete, messageIdParam, { id });
  }

  @Post('message/forward')
  @ApiBody({ schema: openApiSchema(MessageForwardInput) })
  @ApiOperation({
    summary:
      "Forwards one message (messageId) or several (messageIds) to a contact's ticket on the same connection",
  })
  forward(
    @Req() req: GatewayRequest,
    @Body() body: unknown,
  ): Promise<MessageRecord | MessageRecord[]> {
    return this.services.forward(req, S.messageForward, MessageForwardInput, body);
  }

  /** The ticket's channel decides the size limit; the shared checks and storage do the rest. */
  private async store(
    ctx: RequestContext,
    ticketId: number,
    files: UploadedMedia[],
  ): Promise<StoredMedia[]> {
    const ticket = await this.services.request(S.ticketGet, ctx, { id: ticketId });
    return storeMessageMedia(this.storage, this.logger, ctx.companyId, ticket.channel, files);
  }
}
