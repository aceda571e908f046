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
import { z } from 'zod';
import {
  givenFields,
  QuickMessageInput,
  QuickMessageListQuery,
  QuickMessageUpdateInput,
  Subjects,
  type QuickMessage,
  type QuickMessageListItem,
  type QuickMessageMediaRequest,
  type QuickMessagePage,
  type QuickMessageUpdateRequest,
  type RequestContext,
  IdParam,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { MaxAttachmentBytes } from '../media/media-type.js';
import {
  companyAttachment,
  MediaUpload,
  MediaUploads,
  type UploadedMedia,
} from '../media/media-upload.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

const uploadFields = z.object({ typeArch: z.string().max(40).optional() });

/** What the logs call a file of this area that could not be removed. */
const QuickMessageFile = 'a quick message attachment';

/** Quick messages (spec 3 §2.7, §7): the service decides who may see and change which one. */
@ApiTags('quick-messages')
@ApiBearerAuth()
@Controller('quick-messages')
export class QuickMessagesController {
  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(MediaUploads) private readonly uploads: MediaUploads,
  ) {}

  @Get()
  @ApiOperation({
    summary: "A page of the caller's and the general quick messages: { records, hasMore }",
  })
  @ApiQuery({ name: 'searchParam', required: false })
  @ApiQuery({ name: 'pageNumber', required: false })
  page(@Req() req: GatewayRequest, @Query() query: unknown): Promise<QuickMessagePage> {
    return this.services.forward(
      req,
      Subjects.tickets.quickMessagePage,
      QuickMessageListQuery,
      query,
    );
  }

  @Get('list')
  @ApiOperation({ summary: 'What the message composer offers: shortcode, message, media' })
  list(@Req() req: GatewayRequest): Promise<QuickMessageListItem[]> {
    return this.services.ask(req, Subjects.tickets.quickMessageList, {});
  }

  /** The family's category picker: our quick messages have no categories (docs/compatibility.md). */
  @Get('listCategories')
  @ApiOperation({ summary: 'Quick message categories: none are kept, so always []' })
  listCategories(): string[] {
    return [];
  }

  /** The family composer's list by category: with no categories kept, the composer's whole list. */
  @Get('categoriesMessages')
  @ApiOperation({ summary: "The composer's quick messages (categories are not kept)" })
  categoriesMessages(@Req() req: GatewayRequest): Promise<QuickMessageListItem[]> {
    return this.services.ask(req, Subjects.tickets.quickMessageList, {});
  }

  @Get(':id')
  @ApiOperation({ summary: 'One quick message' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<QuickMessage> {
    return this.services.forward(req, Subjects.tickets.quickMessageGet, IdParam, { id });
  }

  @Post()
  @ApiOperation({ summary: 'Creates a quick message (only admins may mark it general)' })
  @ApiBody({ schema: openApiSchema(QuickMessageInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<QuickMessage> {
    return this.services.forward(req, Subjects.tickets.quickMessageCreate, QuickMessageInput, body);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Updates a quick message (own ones; admins any)' })
  @ApiBody({ schema: openApiSchema(QuickMessageUpdateInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<QuickMessage> {
    const params = parseInput(IdParam, { id });
    const data: QuickMessageUpdateRequest = {
      ...givenFields(parseInput(QuickMessageUpdateInput, body ?? {}), body),
      id: params.id,
    };
    return this.services.ask(req, Subjects.tickets.quickMessageUpdate, data);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes a quick message and its attachment' })
  async remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    const removed = await this.services.forward(req, Subjects.tickets.quickMessageDelete, IdParam, {
      id,
    });
    return this.uploads.deleted(removed, [removed.mediaPath], QuickMessageFile);
  }

  /** The file streams to object storage here (type checked by its bytes); tickets records its key. */
  @Post(':id/media-upload')
  @ApiOperation({
    summary: 'Attaches a file (field file: image, pdf, audio or video, at most 16 MB)',
  })
  @MediaUpload('file', { maxBytes: MaxAttachmentBytes })
  async upload(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
    @UploadedFile() file: UploadedMedia | undefined,
  ): Promise<QuickMessage> {
    const params = parseInput(IdParam, { id });
    parseInput(uploadFields, body ?? {});
    const ctx = req.sb.ctx as RequestContext;
    const reply = await this.uploads.store(
      file,
      companyAttachment('file', ctx.companyId, 'quick-messages'),
      ([media]) => {
        const data: QuickMessageMediaRequest = {
          id: params.id,
          mediaPath: media!.key,
          mediaName: media!.name,
        };
        return this.services.request(Subjects.tickets.quickMessageMediaSet, ctx, data);
      },
    );
    return this.uploads.withoutPrevious(reply, QuickMessageFile);
  }

  @Delete(':id/media-upload')
  @ApiOperation({ summary: 'Removes the attachment of a quick message' })
  async removeMedia(@Req() req: GatewayRequest, @Param('id') id: string): Promise<QuickMessage> {
    const reply = await this.services.forward(
      req,
      Subjects.tickets.quickMessageMediaDelete,
      IdParam,
      { id },
    );
    return this.uploads.withoutPrevious(reply, QuickMessageFile);
  }
}
