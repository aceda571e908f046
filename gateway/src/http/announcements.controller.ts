import { randomUUID } from 'node:crypto';
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
  AnnouncementInput,
  AnnouncementListQuery,
  Subjects,
  type Announcement,
  type AnnouncementMediaReply,
  type AnnouncementMediaRequest,
  type AnnouncementPage,
  type AnnouncementUpdateRequest,
} from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import type { ObjectStorage } from '@sb/storage';
import { SuperOnly } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { GATEWAY_LOGGER } from '../gateway.tokens.js';
import { detectImageType, imageFileName, type ImageType } from '../media/image-type.js';
import { MaxProfileImageBytes, MEDIA_STORAGE } from '../media/media.tokens.js';
import { UploadTooLargeFilter } from '../media/upload-errors.filter.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** Spec 3 §5: png, jpg, jpeg only, told by the file's first bytes. */
const AcceptedImageTypes: readonly ImageType[] = ['image/png', 'image/jpeg'];

type UploadedImage = { buffer: Buffer; originalname?: string; size: number };

/** Platform-wide announcements (spec 3 §2.12): everyone reads the active ones, super users manage. */
@ApiTags('announcements')
@ApiBearerAuth()
@Controller('announcements')
export class AnnouncementsController {
  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(MEDIA_STORAGE) private readonly storage: ObjectStorage,
    @Inject(GATEWAY_LOGGER) private readonly logger: Logger,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'A page of announcements (active ones unless super): { records, hasMore }',
  })
  @ApiQuery({ name: 'searchParam', required: false })
  @ApiQuery({ name: 'pageNumber', required: false })
  page(@Req() req: GatewayRequest, @Query() query: unknown): Promise<AnnouncementPage> {
    const data = parseInput(AnnouncementListQuery, query ?? {});
    return this.services.request<AnnouncementPage>(
      Subjects.identity.announcementList,
      req.sb.ctx,
      data,
    );
  }

  @Get(':id')
  @SuperOnly()
  @ApiOperation({ summary: 'One announcement (super users)' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<Announcement> {
    const data = parseInput(idParam, { id });
    return this.services.request<Announcement>(Subjects.identity.announcementGet, req.sb.ctx, data);
  }

  @Post()
  @SuperOnly()
  @ApiOperation({ summary: 'Creates an announcement (super users)' })
  @ApiBody({ schema: openApiSchema(AnnouncementInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<Announcement> {
    const data = parseInput(AnnouncementInput, body ?? {});
    return this.services.request<Announcement>(
      Subjects.identity.announcementCreate,
      req.sb.ctx,
      data,
    );
  }

  @Put(':id')
  @SuperOnly()
  @ApiOperation({ summary: 'Updates an announcement (super users)' })
  @ApiBody({ schema: openApiSchema(AnnouncementInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<Announcement> {
    const params = parseInput(idParam, { id });
    const data: AnnouncementUpdateRequest = {
      ...parseInput(AnnouncementInput, body ?? {}),
      id: params.id,
    };
    return this.services.request<Announcement>(
      Subjects.identity.announcementUpdate,
      req.sb.ctx,
      data,
    );
  }

  @Delete(':id')
  @SuperOnly()
  @ApiOperation({ summary: 'Deletes an announcement (super users)' })
  async remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    const data = parseInput(idParam, { id });
    const removed = await this.services.request<Announcement>(
      Subjects.identity.announcementDelete,
      req.sb.ctx,
      data,
    );
    if (removed.mediaPath) await this.removeQuietly(removed.mediaPath);
    return { id: removed.id };
  }

  /** The image streams to object storage here; identity only records its key (platform-wide area). */
  @Post(':id/media-upload')
  @SuperOnly()
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: "Sets an announcement's image: field file, png or jpeg (super users)" })
  @UseFilters(UploadTooLargeFilter)
  @UseInterceptors(
    FileInterceptor('file', { limits: { fileSize: MaxProfileImageBytes, files: 1 } }),
  )
  async upload(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @UploadedFile() file: UploadedImage | undefined,
  ): Promise<Announcement> {
    const params = parseInput(idParam, { id });
    if (!file) throw new AppError('ERR_VALIDATION', { fields: { file: ['Required'] } });
    const type = detectImageType(file.buffer);
    if (!type || !AcceptedImageTypes.includes(type)) {
      throw new AppError('ERR_UNSUPPORTED_MEDIA_TYPE', {
        message: 'Only png, jpg and jpeg images are accepted.',
      });
    }
    const name = imageFileName(file.originalname, type);
    const key = `platform/announcements/${randomUUID()}.${name.split('.').pop()}`;
    await this.storage.put(key, file.buffer, { contentType: type, size: file.size });
    let reply: AnnouncementMediaReply;
    try {
      const data: AnnouncementMediaRequest = { id: params.id, mediaPath: key, mediaName: name };
      reply = await this.services.request<AnnouncementMediaReply>(
        Subjects.identity.announcementMediaSet,
        req.sb.ctx,
        data,
      );
    } catch (err) {
      // identity refused (unknown announcement): the file must not stay behind
      await this.removeQuietly(key);
      throw err;
    }
    if (reply.previousMediaPath) await this.removeQuietly(reply.previousMediaPath);
    return reply.record;
  }

  @Delete(':id/media-upload')
  @SuperOnly()
  @ApiOperation({ summary: "Removes an announcement's image (super users)" })
  async removeMedia(@Req() req: GatewayRequest, @Param('id') id: string): Promise<Announcement> {
    const data = parseInput(idParam, { id });
    const reply = await this.services.request<AnnouncementMediaReply>(
      Subjects.identity.announcementMediaClear,
      req.sb.ctx,
      data,
    );
    if (reply.previousMediaPath) await this.removeQuietly(reply.previousMediaPath);
    return reply.record;
  }

  /** A leftover file costs storage, never correctness: log it and go on. */
  private async removeQuietly(key: string): Promise<void> {
    await this.storage.remove(key).catch((err: unknown) => {
      this.logger.warn({ err, key }, 'could not remove an announcement image');
    });
  }
}
