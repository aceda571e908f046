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
import { z } from 'zod';
import {
  CampaignInput,
  CampaignReportQuery,
  CampaignsQuery,
  CampaignTemplatesQuery,
  CampaignTestSendInput,
  ref,
  Subjects,
  type CampaignMediaRequest,
  type CampaignRecord,
  type CampaignReport,
  type CampaignsPage,
  type MessageTemplate,
  type CampaignTestSendReply,
  type RequestContext,
  recordId,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { Profiles, RequirePlanFlag } from '../auth/auth.decorators.js';
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

const S = Subjects.campaigns;
const idParam = z.object({
  id: ref('campaign', recordId.max(2_147_483_647)),
});

/** What the logs call a file of this area that could not be removed. */
const CampaignFile = 'a campaign attachment';

/**
 * Campaigns (spec 3 §2.2, §2.4, §7 "Campaigns"): admins of plans with useCampaigns (spec 3 §2.1, §6).
 * The campaigns service checks both again.
 */
@ApiTags('campaigns')
@RequirePlanFlag('useCampaigns')
@Profiles('admin')
@ApiBearerAuth()
@Controller('campaigns')
export class CampaignsController {
  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(MediaUploads) private readonly uploads: MediaUploads,
  ) {}

  @Get()
  @ApiOperation({ summary: 'A page of the campaigns, newest first: { records, hasMore }' })
  page(@Req() req: GatewayRequest, @Query() query: unknown): Promise<CampaignsPage> {
    return this.services.forward(req, S.campaignList, CampaignsQuery, query);
  }

  /** Declared before `:id`, which would take `templates` for an id. */
  @Get('templates')
  @ApiOperation({
    summary:
      'The approved message templates of a Cloud API connection (?whatsappId=), read from Meta: name, language, category, body and its parameters',
  })
  templates(@Req() req: GatewayRequest, @Query() query: unknown): Promise<MessageTemplate[]> {
    return this.services.forward(req, S.campaignTemplateList, CampaignTemplatesQuery, query);
  }

  @Get(':id')
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<CampaignRecord> {
    return this.services.forward(req, S.campaignGet, idParam, { id });
  }

  @Get(':id/report')
  @ApiOperation({
    summary: 'The campaign, its counters and a page of its shipping records',
  })
  report(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<CampaignReport> {
    return this.services.ask(
      req,
      S.campaignReport,
      parseInput(CampaignReportQuery, { ...(query ?? {}), id }),
    );
  }

  @Post()
  @ApiBody({ schema: openApiSchema(CampaignInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<CampaignRecord> {
    return this.services.forward(req, S.campaignCreate, CampaignInput, body);
  }

  @Put(':id')
  @ApiBody({ schema: openApiSchema(CampaignInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<CampaignRecord> {
    return this.services.ask(req, S.campaignUpdate, {
      ...parseInput(CampaignInput, body ?? {}),
      ...parseInput(idParam, { id }),
    });
  }

  @Delete(':id')
  async remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    const removed = await this.services.forward(req, S.campaignDelete, idParam, { id });
    return this.uploads.deleted(removed, [removed.mediaPath], CampaignFile);
  }

  @Post(':id/cancel')
  @ApiOperation({ summary: 'Pauses a scheduled or running campaign' })
  cancel(@Req() req: GatewayRequest, @Param('id') id: string): Promise<CampaignRecord> {
    return this.services.forward(req, S.campaignCancel, idParam, { id });
  }

  @Post(':id/restart')
  @ApiOperation({ summary: 'Resumes a cancelled campaign where it stopped' })
  restart(@Req() req: GatewayRequest, @Param('id') id: string): Promise<CampaignRecord> {
    return this.services.forward(req, S.campaignRestart, idParam, { id });
  }

  @Post(':id/start')
  @ApiOperation({
    summary: 'Starts an inactive or scheduled campaign (or a cancelled one that never started) now',
  })
  start(@Req() req: GatewayRequest, @Param('id') id: string): Promise<CampaignRecord> {
    return this.services.forward(req, S.campaignStart, idParam, { id });
  }

  @Post(':id/test-send')
  @ApiOperation({
    summary:
      "Sends the campaign's first variants and media to one number now, on one of its connections: { sent }",
  })
  @ApiBody({ schema: openApiSchema(CampaignTestSendInput) })
  testSend(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<CampaignTestSendReply> {
    return this.services.ask(req, S.campaignTestSend, {
      ...parseInput(CampaignTestSendInput, body ?? {}),
      ...parseInput(idParam, { id }),
    });
  }

  /** The file streams to object storage here (type checked by its bytes); campaigns records it. */
  @Post(':id/media-upload')
  @ApiOperation({
    summary: 'Attaches a file (field file: image, pdf, audio or video, at most 16 MB)',
  })
  @MediaUpload('file', { maxBytes: MaxAttachmentBytes })
  async upload(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @UploadedFile() file: UploadedMedia | undefined,
  ): Promise<CampaignRecord> {
    const params = parseInput(idParam, { id });
    const ctx = req.sb.ctx as RequestContext;
    // the campaign must be the caller's (and editable) before anything is stored
    await this.services.ask(req, S.campaignGet, params);
    const reply = await this.uploads.store(
      file,
      companyAttachment('file', ctx.companyId, 'campaigns'),
      ([media]) => {
        const data: CampaignMediaRequest = {
          id: params.id,
          mediaPath: media!.key,
          mediaName: media!.name,
          mimeType: media!.type,
          size: media!.file.size,
        };
        return this.services.request(S.campaignMediaSet, ctx, data);
      },
    );
    return this.uploads.withoutPrevious(reply, CampaignFile);
  }

  @Delete(':id/media-upload')
  @ApiOperation({ summary: 'Removes the attachment of a campaign' })
  async removeMedia(@Req() req: GatewayRequest, @Param('id') id: string): Promise<CampaignRecord> {
    const reply = await this.services.forward(req, S.campaignMediaDelete, idParam, { id });
    return this.uploads.withoutPrevious(reply, CampaignFile);
  }
}
