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
} from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  AnnouncementInput,
  AnnouncementListQuery,
  Subjects,
  type Announcement,
  type AnnouncementMediaRequest,
  type AnnouncementPage,
  type AnnouncementUpdateRequest,
  IdParam,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { SuperOnly } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import {
  MediaUpload,
  MediaUploads,
  type MediaRule,
  type UploadedMedia,
} from '../media/media-upload.js';
import { MaxProfileImageBytes } from '../media/media.tokens.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

/** Spec 3 §5: png, jpg, jpeg only, told by the file's first bytes. */
const AnnouncementImage: MediaRule = {
  kind: 'image',
  types: ['image/png', 'image/jpeg'],
  refusal: 'Only png, jpg and jpeg images are accepted.',
};

/** What the logs call a file of this area that could not be removed. */
const AnnouncementImageFile = 'an announcement image';

/** Platform-wide announcements (spec 3 §2.12): everyone reads the active ones, super users manage. */
@ApiTags('announcements')
@ApiBearerAuth()
@Controller('announcements')
export class AnnouncementsController {
  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(MediaUploads) private readonly uploads: MediaUploads,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'A page of announcements (active ones unless super): { records, hasMore }',
  })
  @ApiQuery({ name: 'searchParam', required: false })
  @ApiQuery({ name: 'pageNumber', required: false })
  page(@Req() req: GatewayRequest, @Query() query: unknown): Promise<AnnouncementPage> {
    return this.services.forward(
      req,
      Subjects.identity.announcementList,
      AnnouncementListQuery,
      query,
    );
  }

  @Get(':id')
  @SuperOnly()
  @ApiOperation({ summary: 'One announcement (super users)' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<Announcement> {
    return this.services.forward(req, Subjects.identity.announcementGet, IdParam, { id });
  }

  @Post()
  @SuperOnly()
  @ApiOperation({ summary: 'Creates an announcement (super users)' })
  @ApiBody({ schema: openApiSchema(AnnouncementInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<Announcement> {
    return this.services.forward(
      req,
      Subjects.identity.announcementCreate,
      AnnouncementInput,
      body,
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
    const params = parseInput(IdParam, { id });
    const data: AnnouncementUpdateRequest = {
      ...parseInput(AnnouncementInput, body ?? {}),
      id: params.id,
    };
    return this.services.ask(req, Subjects.identity.announcementUpdate, data);
  }

  @Delete(':id')
  @SuperOnly()
  @ApiOperation({ summary: 'Deletes an announcement (super users)' })
  async remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    const removed = await this.services.forward(
      req,
      Subjects.identity.announcementDelete,
      IdParam,
      { id },
    );
    return this.uploads.deleted(removed, [removed.mediaPath], AnnouncementImageFile);
  }

  /** The image streams to object storage here; identity only records its key (platform-wide area). */
  @Post(':id/media-upload')
  @SuperOnly()
  @ApiOperation({ summary: "Sets an announcement's image: field file, png or jpeg (super users)" })
  @MediaUpload('file', { maxBytes: MaxProfileImageBytes })
  async upload(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @UploadedFile() file: UploadedMedia | undefined,
  ): Promise<Announcement> {
    const params = parseInput(IdParam, { id });
    const reply = await this.uploads.store(
      file,
      {
        field: 'file',
        rule: AnnouncementImage,
        keyOf: ({ name }) => `platform/announcements/${randomUUID()}.${name.split('.').pop()}`,
      },
      ([media]) => {
        const data: AnnouncementMediaRequest = {
          id: params.id,
          mediaPath: media!.key,
          mediaName: media!.name,
        };
        return this.services.ask(req, Subjects.identity.announcementMediaSet, data);
      },
    );
    await this.removeQuietly(reply.previousMediaPath);
    return reply.record;
  }

  @Delete(':id/media-upload')
  @SuperOnly()
  @ApiOperation({ summary: "Removes an announcement's image (super users)" })
  async removeMedia(@Req() req: GatewayRequest, @Param('id') id: string): Promise<Announcement> {
    const reply = await this.services.forward(
      req,
      Subjects.identity.announcementMediaClear,
      IdParam,
      { id },
    );
    await this.removeQuietly(reply.previousMediaPath);
    return reply.record;
  }

  private removeQuietly(key: string | null): Promise<void> {
    return this.uploads.removeQuietly([key], AnnouncementImageFile);
  }
}
