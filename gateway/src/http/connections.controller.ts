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
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ConnectionCreateInput,
  ConnectionListQuery,
  ConnectionUpdateInput,
  Subjects,
  type CloseImportedTicketsReply,
  type ConnectionMediaReply,
  type ConnectionMediaRequest,
  type ConnectionRecord,
  type RequestContext,
  type WithQueues,
  IdParam,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { keyBelongsToCompany } from '@sb/storage';
import { Profiles } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { MaxAttachmentBytes } from '../media/media-type.js';
import {
  companyAttachment,
  MediaUpload,
  MediaUploads,
  type UploadedMedia,
} from '../media/media-upload.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { withQueueBadge, withQueueBadges } from './queue-badges.js';
import { ServiceClient } from './service-client.js';

type Message = { message: string };

/** Connections and their sessions (spec 2 §7 "Connections"): everyone reads, admins change. */
@ApiTags('connections')
@ApiBearerAuth()
@Controller()
export class ConnectionsController {
  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(MediaUploads) private readonly uploads: MediaUploads,
  ) {}

  @Get('whatsapp')
  @ApiOperation({ summary: "The company's connections (session=0 leaves the QR code out)" })
  async list(
    @Req() req: GatewayRequest,
    @Query() query: unknown,
  ): Promise<WithQueues<ConnectionRecord>[]> {
    const list = await this.services.forward(
      req,
      Subjects.connectors.connectionList,
      ConnectionListQuery,
      query,
    );
    return withQueueBadges(this.services, req, list);
  }

  @Get('whatsapp/:id')
  @ApiOperation({ summary: 'One connection (session=0 leaves the QR code out)' })
  async get(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Query() query: unknown,
  ): Promise<WithQueues<ConnectionRecord>> {
    const data = {
      ...parseInput(ConnectionListQuery, query ?? {}),
      ...parseInput(IdParam, { id }),
    };
    const record = await this.services.ask(req, Subjects.connectors.connectionGet, data);
    return withQueueBadge(this.services, req, record);
  }

  @Post('whatsapp')
  @Profiles('admin')
  @ApiOperation({ summary: 'Creates a connection (admins)' })
  @ApiBody({ schema: openApiSchema(ConnectionCreateInput) })
  async create(
    @Req() req: GatewayRequest,
    @Body() body: unknown,
  ): Promise<WithQueues<ConnectionRecord>> {
    // parsed here for the ownership check of its ids; connectors applies the form's rules itself
    parseInput(ConnectionCreateInput, body ?? {});
    const record = await this.services.ask(req, Subjects.connectors.connectionCreate, body ?? {});
    return withQueueBadge(this.services, req, record);
  }

  @Put('whatsapp/:id')
  @Profiles('admin')
  @ApiOperation({ summary: 'Updates a connection (admins)' })
  @ApiBody({ schema: openApiSchema(ConnectionUpdateInput) })
  async update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<WithQueues<ConnectionRecord>> {
    parseInput(ConnectionUpdateInput, body ?? {});
    const data = { ...((body ?? {}) as object), ...parseInput(IdParam, { id }) };
    const record = await this.services.ask(req, Subjects.connectors.connectionUpdate, data);
    return withQueueBadge(this.services, req, record);
  }

  @Delete('whatsapp/:id')
  @Profiles('admin')
  @ApiOperation({ summary: 'Deletes a connection and closes its session (admins)' })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, Subjects.connectors.connectionDelete, IdParam, { id });
  }

  /** The greeting media streams to object storage here; connectors only records its key. */
  @Post('whatsapp/:id/media-upload')
  @Profiles('admin')
  @ApiOperation({ summary: "Sets a connection's greeting media: field file (admins)" })
  @MediaUpload('file', { maxBytes: MaxAttachmentBytes })
  async upload(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @UploadedFile() file: UploadedMedia | undefined,
  ): Promise<WithQueues<ConnectionRecord>> {
    const params = parseInput(IdParam, { id });
    const ctx = req.sb.ctx as RequestContext;
    const reply = await this.uploads.store(
      file,
      companyAttachment('file', ctx.companyId, 'connections'),
      ([media]) => {
        const data: ConnectionMediaRequest = { id: params.id, mediaKey: media!.key };
        return this.services.request(Subjects.connectors.connectionSetMedia, ctx, data);
      },
    );
    await this.removeReplaced(reply, ctx.companyId);
    return withQueueBadge(this.services, req, reply.record);
  }

  @Delete('whatsapp/:id/media-upload')
  @Profiles('admin')
  @ApiOperation({ summary: "Removes a connection's greeting media (admins)" })
  async removeMedia(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
  ): Promise<WithQueues<ConnectionRecord>> {
    const data: ConnectionMediaRequest = { ...parseInput(IdParam, { id }), mediaKey: null };
    const reply = await this.services.ask(req, Subjects.connectors.connectionSetMedia, data);
    await this.removeReplaced(reply, (req.sb.ctx as RequestContext).companyId);
    return withQueueBadge(this.services, req, reply.record);
  }

  @Post('whatsappsession/:id')
  @Profiles('admin')
  @ApiOperation({ summary: 'Tries the session again (admins)' })
  start(@Req() req: GatewayRequest, @Param('id') id: string): Promise<Message> {
    return this.services.forward(req, Subjects.connectors.sessionStart, IdParam, { id });
  }

  @Put('whatsappsession/:id')
  @Profiles('admin')
  @ApiOperation({ summary: 'Forgets the pairing and asks for a new QR code (admins)' })
  renew(@Req() req: GatewayRequest, @Param('id') id: string): Promise<Message> {
    return this.services.forward(req, Subjects.connectors.sessionRenew, IdParam, { id });
  }

  @Delete('whatsappsession/:id')
  @Profiles('admin')
  @ApiOperation({ summary: 'Disconnects the session (admins)' })
  disconnect(@Req() req: GatewayRequest, @Param('id') id: string): Promise<Message> {
    return this.services.forward(req, Subjects.connectors.sessionDisconnect, IdParam, { id });
  }

  @Post('whatsapp-restart')
  @Profiles('admin')
  @ApiOperation({ summary: "Restarts the company's live sessions (admins)" })
  restart(@Req() req: GatewayRequest): Promise<Message> {
    return this.services.ask(req, Subjects.connectors.restartAll, {});
  }

  @Post('closedimported/:id')
  @Profiles('admin')
  @ApiOperation({
    summary: "Closes the tickets the connection's history import opened (admins)",
  })
  closeImported(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
  ): Promise<CloseImportedTicketsReply> {
    return this.services.forward(req, Subjects.connectors.closeImported, IdParam, { id });
  }

  /** Only a key of this company is ever removed; a leftover file costs storage, never correctness. */
  private async removeReplaced(reply: ConnectionMediaReply, companyId: number): Promise<void> {
    const previous = reply.previousMediaKey;
    if (previous && keyBelongsToCompany(previous, companyId))
      await this.uploads.removeQuietly([previous], 'a greeting media file');
  }
}
