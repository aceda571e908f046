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
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  CampaignSettingsInput,
  campaignSettingsRows,
  ContactListImportChunkRows,
  ContactListImportMaxBytes,
  ContactListInput,
  ContactListItemInput,
  ContactListItemQuery,
  ContactListsQuery,
  isErrorCode,
  Subjects,
  type CampaignSettingRow,
  type ContactListChoice,
  type ContactListImportReport,
  type ContactListItemRecord,
  type ContactListItemsPage,
  type ContactListRecord,
  type ContactListsPage,
  recordId,
} from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import { Profiles, RequirePermission, RequirePlanFlag } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { readContactListSheet } from './contact-sheet.js';
import { UploadLimitFilter } from '../media/media-upload.js';
import { ServiceClient } from './service-client.js';

const S = Subjects.campaigns;
/** How many contacts GET /contact-list-items/list answers at most. */
const ContactListItemsMaxList = 10_000;
const idParam = z.object({ id: recordId.max(2_147_483_647) });
type UploadedSheet = { buffer: Buffer; size: number };

/**
 * Contact lists and their items (spec 3 §2.5, §2.6, §7 "Contact lists") and the campaign settings
 * (§2.3): admins of plans with useCampaigns (spec 3 §2.1, §6). The campaigns service checks both again.
 */
@ApiTags('contact-lists')
@RequirePlanFlag('useCampaigns')
@Profiles('admin')
@ApiBearerAuth()
@Controller()
export class ContactListsController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get('contact-lists')
  @ApiOperation({ summary: 'A page of the lists with their contactsCount: { records, hasMore }' })
  page(@Req() req: GatewayRequest, @Query() query: unknown): Promise<ContactListsPage> {
    return this.services.forward(req, S.contactListList, ContactListsQuery, query);
  }

  @Get('contact-lists/list')
  @ApiOperation({ summary: 'Every list of the company (id, name, contactsCount)' })
  choices(@Req() req: GatewayRequest): Promise<ContactListChoice[]> {
    return this.services.ask(req, S.contactListChoices, {});
  }

  @Get('contact-lists/:id')
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<ContactListRecord> {
    return this.services.forward(req, S.contactListGet, idParam, { id });
  }

  @Post('contact-lists')
  @ApiBody({ schema: openApiSchema(ContactListInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<ContactListRecord> {
    return this.services.forward(req, S.contactListCreate, ContactListInput, body);
  }

  @Put('contact-lists/:id')
  @ApiBody({ schema: openApiSchema(ContactListInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<ContactListRecord> {
    return this.services.ask(req, S.contactListUpdate, {
      ...parseInput(ContactListInput, body ?? {}),
      ...parseInput(idParam, { id }),
    });
  }

  @Delete('contact-lists/:id')
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, S.contactListDelete, idParam, { id });
  }

  /**
   * Imports a .xlsx sheet (columns nome/name, numero/number, email) into the list. Sent to the service
   * in chunks; each chunk is stored whole or not at all, and a chunk that could not be stored comes back
   * as failed rows with the reason, so the report always accounts for every row.
   */
  @Post('contact-lists/:id/upload')
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Imports a sheet into the list: { total, added, updated, failed[] }' })
  @UseFilters(new UploadLimitFilter(ContactListImportMaxBytes))
  @UseInterceptors(
    FileInterceptor('file', { limits: { fileSize: ContactListImportMaxBytes, files: 1 } }),
  )
  async upload(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @UploadedFile() file: UploadedSheet | undefined,
  ): Promise<ContactListImportReport> {
    const list = parseInput(idParam, { id });
    if (!file) throw new AppError('ERR_VALIDATION', { fields: { file: ['Required'] } });
    // the list must be the caller's before the sheet is read
    await this.services.ask(req, S.contactListGet, list);
    const rows = await readContactListSheet(file.buffer);
    const report: ContactListImportReport = {
      total: rows.length,
      added: 0,
      updated: 0,
      failed: [],
    };
    for (let start = 0; start < rows.length; start += ContactListImportChunkRows) {
      const chunk = rows.slice(start, start + ContactListImportChunkRows);
      try {
        const part = await this.services.ask(req, S.contactListImport, {
          id: list.id,
          rows: chunk,
        });
        report.added += part.added;
        report.updated += part.updated;
        report.failed.push(...part.failed);
      } catch (err) {
        const code = err instanceof AppError && isErrorCode(err.code) ? err.code : 'ERR_INTERNAL';
        // a deleted list stops the import; anything else is reported for the rows it concerns
        if (code === 'ERR_NO_CONTACT_LIST_FOUND' && start === 0) throw err;
        report.failed.push(
          ...chunk.map((row) => ({ row: row.row, fields: { row: [`Not stored (${code})`] } })),
        );
      }
    }
    report.failed.sort((a, b) => a.row - b.row);
    return report;
  }

  @Get('contact-list-items')
  @ApiOperation({ summary: "A page of a list's contacts: { contacts, hasMore }" })
  items(@Req() req: GatewayRequest, @Query() query: unknown): Promise<ContactListItemsPage> {
    return this.services.forward(req, S.contactListItemList, ContactListItemQuery, query);
  }

  /** The family's whole-list call: every page of the list, up to ContactListItemsMaxList. */
  @Get('contact-list-items/list')
  @ApiOperation({ summary: "All of a list's contacts at once (at most 10,000)" })
  async allItems(
    @Req() req: GatewayRequest,
    @Query() query: unknown,
  ): Promise<ContactListItemRecord[]> {
    const filter = parseInput(ContactListItemQuery, query ?? {});
    const items: ContactListItemRecord[] = [];
    for (let pageNumber = 1; items.length < ContactListItemsMaxList; pageNumber += 1) {
      const page = await this.services.ask(req, S.contactListItemList, { ...filter, pageNumber });
      items.push(...page.contacts);
      if (!page.hasMore || page.contacts.length === 0) break;
    }
    return items.slice(0, ContactListItemsMaxList);
  }

  @Get('contact-list-items/:id')
  item(@Req() req: GatewayRequest, @Param('id') id: string): Promise<ContactListItemRecord> {
    return this.services.forward(req, S.contactListItemGet, idParam, { id });
  }

  @Post('contact-list-items')
  @ApiBody({ schema: openApiSchema(ContactListItemInput) })
  createItem(@Req() req: GatewayRequest, @Body() body: unknown): Promise<ContactListItemRecord> {
    return this.services.forward(req, S.contactListItemCreate, ContactListItemInput, body);
  }

  @Put('contact-list-items/:id')
  @ApiBody({ schema: openApiSchema(ContactListItemInput) })
  updateItem(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<ContactListItemRecord> {
    return this.services.ask(req, S.contactListItemUpdate, {
      ...parseInput(ContactListItemInput, body ?? {}),
      ...parseInput(idParam, { id }),
    });
  }

  @Delete('contact-list-items/:id')
  @RequirePermission('contacts-page:deleteContact')
  removeItem(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, S.contactListItemDelete, idParam, { id });
  }

  @Get('campaign-settings')
  @ApiOperation({
    summary: "The company's campaign pacing and variables: [{ key, value }], each value JSON text",
  })
  async settings(@Req() req: GatewayRequest): Promise<CampaignSettingRow[]> {
    return campaignSettingsRows(await this.services.ask(req, S.campaignSettingsGet, {}));
  }

  @Post('campaign-settings')
  @ApiOperation({
    summary: 'Saves the campaign settings as a whole: { settings }; answers them as GET does',
  })
  @ApiBody({ schema: openApiSchema(CampaignSettingsInput) })
  async saveSettings(
    @Req() req: GatewayRequest,
    @Body() body: unknown,
  ): Promise<CampaignSettingRow[]> {
    const input = parseInput(CampaignSettingsInput, body ?? {});
    return campaignSettingsRows(await this.services.ask(req, S.campaignSettingsSave, input));
  }
}
