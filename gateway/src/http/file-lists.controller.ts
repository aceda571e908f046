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
} from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  FileListInput,
  FileListMaxUploadFiles,
  FileListQuery,
  Subjects,
  unowned,
  type FileListMediaRequest,
  type FileListPage,
  type FileListRecord,
  type FileListSaved,
  type FileListUpdateRequest,
  type RequestContext,
  IdParam,
  recordId,
} from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import { Profiles } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { MaxAttachmentBytes } from '../media/media-type.js';
import {
  companyAttachment,
  MediaUpload,
  MediaUploads,
  requireFiles,
  type UploadedMedia,
} from '../media/media-upload.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

const oneOrMany = <T extends z.ZodTypeAny>(item: T) =>
  z.union([item, z.array(item)]).transform((v) => (Array.isArray(v) ? v : [v]));
/** The form of spec 3 §7: per file its option `id` (same order); fileId, typeArch, name, mediaType informative. */
const uploadFields = z.object({
  // tickets matches each option id against the list of the path (the caller's company's)
  id: oneOrMany(unowned('an option of the list in the path', recordId)),
  fileId: unowned('informative, not read', z.string().max(20)).optional(),
  typeArch: z.string().max(40).optional(),
  name: oneOrMany(z.string().max(100)).optional(),
  mediaType: oneOrMany(z.string().max(100)).optional(),
});

/** What the logs call a file of this area that could not be removed. */
const FileListFile = 'a file list file';

/** File lists (spec 3 §2.15, §7): admin work; the files stream to object storage here. */
@ApiTags('files')
@ApiBearerAuth()
@Profiles('admin')
@Controller('files')
export class FileListsController {
  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(MediaUploads) private readonly uploads: MediaUploads,
  ) {}

  @Get()
  @ApiOperation({ summary: 'A page of file lists with their options: { files, hasMore }' })
  @ApiQuery({ name: 'searchParam', required: false })
  @ApiQuery({ name: 'pageNumber', required: false })
  page(@Req() req: GatewayRequest, @Query() query: unknown): Promise<FileListPage> {
    return this.services.forward(req, Subjects.tickets.fileListPage, FileListQuery, query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One file list with its options' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<FileListRecord> {
    return this.services.forward(req, Subjects.tickets.fileListGet, IdParam, { id });
  }

  @Post()
  @ApiOperation({ summary: 'Creates a file list; answers it with the ids of its options' })
  @ApiBody({ schema: openApiSchema(FileListInput) })
  async create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<FileListRecord> {
    const saved = await this.services.forward(
      req,
      Subjects.tickets.fileListCreate,
      FileListInput,
      body,
    );
    return this.dropRemoved(saved);
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Updates a file list; options sent with their id keep their file, the others go',
  })
  @ApiBody({ schema: openApiSchema(FileListInput) })
  async update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<FileListRecord> {
    const params = parseInput(IdParam, { id });
    const data: FileListUpdateRequest = {
      ...parseInput(FileListInput, body ?? {}),
      id: params.id,
    };
    const saved = await this.services.ask(req, Subjects.tickets.fileListUpdate, data);
    return this.dropRemoved(saved);
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Deletes a file list and its stored files' })
  async remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    const removed = await this.services.forward(req, Subjects.tickets.fileListDelete, IdParam, {
      id,
    });
    return this.uploads.deleted(removed, removed.removedPaths, FileListFile);
  }

  /** Stores one file per option (field files, with the option ids in field id, same order). */
  @Post('uploadList/:id')
  @ApiOperation({
    summary:
      'Uploads the files of options (files[] with id[] of the options: image, pdf, audio or video, 16 MB each)',
  })
  @MediaUpload('files', { maxBytes: MaxAttachmentBytes, maxFiles: FileListMaxUploadFiles })
  async upload(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
    @UploadedFiles() files: UploadedMedia[] | undefined,
  ): Promise<FileListRecord> {
    const params = parseInput(IdParam, { id });
    const fields = parseInput(uploadFields, body ?? {});
    const uploaded = requireFiles(files, 'files');
    if (fields.id.length !== uploaded.length) {
      throw new AppError('ERR_VALIDATION', { fields: { id: ['One option id per file'] } });
    }
    const ctx = req.sb.ctx as RequestContext;
    const saved = await this.uploads.store(
      uploaded,
      companyAttachment('files', ctx.companyId, 'file-lists'),
      (stored) => {
        const data: FileListMediaRequest = {
          id: params.id,
          files: stored.map((media, index) => ({
            optionId: fields.id[index]!,
            path: media.key,
            mediaType: media.type,
          })),
        };
        return this.services.request(Subjects.tickets.fileListMediaSet, ctx, data);
      },
    );
    return this.dropRemoved(saved);
  }

  private async dropRemoved(saved: FileListSaved): Promise<FileListRecord> {
    const { removedPaths, ...record } = saved;
    await this.removeQuietly(removedPaths);
    return record;
  }

  private removeQuietly(keys: string[]): Promise<void> {
    return this.uploads.removeQuietly(keys, FileListFile);
  }
}
