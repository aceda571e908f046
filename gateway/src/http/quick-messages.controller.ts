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
  UploadedFile,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { z } from 'zod';
import {
  QuickMessageInput,
  QuickMessageListQuery,
  Subjects,
  type QuickMessage,
  type QuickMessageListItem,
  type QuickMessageMediaRequest,
  type QuickMessagePage,
  type QuickMessageUpdateRequest,
  type RequestContext,
} from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { mediaKey, type ObjectStorage } from '@sb/storage';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { GATEWAY_LOGGER } from '../gateway.tokens.js';
import { detectMediaType, MaxAttachmentBytes, mediaFileName } from '../media/media-type.js';
import { MEDIA_STORAGE } from '../media/media.tokens.js';
import { UploadTooLargeFilter } from '../media/upload-errors.filter.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

const idParam = z.object({ id: z.coerce.number().int().positive() });
const uploadFields = z.object({ typeArch: z.string().max(40).optional() });

type UploadedMedia = { buffer: Buffer; originalname?: string; size: number };
/** tickets answers the previous attachment so the gateway can drop its file. */
type MediaReply = QuickMessage & { previousMediaPath: string | null };

/** Quick messages (spec 3 §2.7, §7): the service decides who may see and change which one. */
@ApiTags('quick-messages')
@ApiBearerAuth()
@Controller('quick-messages')
export class QuickMessagesController {
  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  @Get()
  @ApiOperation({
    summary: "A page of the caller's and the general quick messages: { records, hasMore }",
  })
  @ApiQuery({ name: 'searchParam', required: false })
  @ApiQuery({ name: 'pageNumber', required: false })
  page(@Req() req: GatewayRequest, @Query() query: unknown): Promise<QuickMessagePage> {
    const data = parseInput(QuickMessageListQuery, query ?? {});
    return this.services.request<QuickMessagePage>(
      Subjects.tickets.quickMessagePage,
      req.sb.ctx,
      data,
    );
  }

  @Get('list')
  @ApiOperation({ summary: 'What the message composer offers: shortcode, message, media' })
  list(@Req() req: GatewayRequest): Promise<QuickMessageListItem[]> {
    return this.services.request<QuickMessageListItem[]>(
      Subjects.tickets.quickMessageList,
      req.sb.ctx,
      {},
    );
  }

  @Get(':id')
  @ApiOperation({ summary: 'One quick message' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<QuickMessage> {
    const data = parseInput(idParam, { id });
    return this.services.request<QuickMessage>(Subjects.tickets.quickMessageGet, req.sb.ctx, data);
  }

  @Post()
  @ApiOperation({ summary: 'Creates a quick message (only admins may mark it general)' })
  @ApiBody({ schema: openApiSchema(QuickMessageInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<QuickMessage> {
    const data = parseInput(QuickMessageInput, body ?? {});
    return this.services.request<QuickMessage>(
      Subjects.tickets.quickMessageCreate,
      req.sb.ctx,
      data,
    );
  }

  @Put(':id')
  @ApiOperation({ summary: 'Updates a quick message (own ones; admins any)' })
  @ApiBody({ schema: openApiSchema(QuickMessageInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<QuickMessage> {
    const params = parseInput(idParam, { id });
    const data: QuickMessageUpdateRequest = {
      ...parseInput(QuickMessageInput, body ?? {}),
      id: params.id,
    };
    return this.services.request<QuickMessage>(
      Subjects.tickets.quickMessageUpdate,
      req.sb.ctx,
      data,
    );
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes a quick message and its attachment' })
  async remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    const data = parseInput(idParam, { id });
    const removed = await this.services.request<{ id: number; mediaPath: string | null }>(
      Subjects.tickets.quickMessageDelete,
      req.sb.ctx,
      data,
    );
    if (removed.mediaPath) await this.removeQuietly(removed.mediaPath);
    return { id: removed.id };
  }

  /** The file streams to object storage here (type checked by its bytes); tickets records its key. */
  @Post(':id/media-upload')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({
    summary: 'Attaches a file (field file: image, pdf, audio or video, at most 16 MB)',
  })
  @UseFilters(UploadTooLargeFilter)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MaxAttachmentBytes, files: 1 } }))
  async upload(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
    @UploadedFile() file: UploadedMedia | undefined,
  ): Promise<QuickMessage> {
    const params = parseInput(idParam, { id });
    parseInput(uploadFields, body ?? {});
    if (!file) throw new AppError('ERR_VALIDATION', { fields: { file: ['Required'] } });
    const type = detectMediaType(file.buffer);
    if (!type) throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE');
    const ctx = req.sb.ctx as RequestContext;
    const name = mediaFileName(file.originalname, type);
    const key = mediaKey({ companyId: ctx.companyId, area: 'quick-messages', fileName: name });
    await this.storage.put(key, file.buffer, { contentType: type, size: file.size });
    let reply: MediaReply;
    try {
      const data: QuickMessageMediaRequest = { id: params.id, mediaPath: key, mediaName: name };
      reply = await this.services.request<MediaReply>(
        Subjects.tickets.quickMessageMediaSet,
        ctx,
        data,
      );
    } catch (err) {
      // tickets refused (not the caller's, unknown id): the file must not stay behind
      await this.removeQuietly(key);
      throw err;
    }
    return this.withoutPrevious(reply);
  }

  @Delete(':id/media-upload')
  @ApiOperation({ summary: 'Removes the attachment of a quick message' })
  async removeMedia(@Req() req: GatewayRequest, @Param('id') id: string): Promise<QuickMessage> {
    const data = parseInput(idParam, { id });
    const reply = await this.services.request<MediaReply>(
      Subjects.tickets.quickMessageMediaDelete,
      req.sb.ctx,
      data,
    );
    return this.withoutPrevious(reply);
  }

  private async withoutPrevious(reply: MediaReply): Promise<QuickMessage> {
    const { previousMediaPath, ...record } = reply;
    if (previousMediaPath && previousMediaPath !== record.mediaPath) {
      await this.removeQuietly(previousMediaPath);
    }
    return record;
  }

  /** A leftover file costs storage, never correctness: log it and go on. */
  private async removeQuietly(key: string): Promise<void> {
    await this.storage.remove(key).catch((err: unknown) => {
      this.logger.warn({ err, key }, 'could not remove a quick message attachment');
    });
  }
}
