import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
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
  ContactBlockInput,
  ContactImportRow,
  ContactInput,
  ContactListQuery,
  ContactPhoneImportInput,
  ContactPickerQuery,
  ContactUpdateInput,
  Subjects,
  type ContactErasure,
  type ContactImportJob,
  type ContactPickerItem,
  type ContactProfile,
  type ContactRecord,
  type ContactsPage,
  type ContactTagsReply,
  IdParam,
  recordId,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { Profiles, RequirePermission } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { MediaUpload, requireFiles, type UploadedMedia } from '../media/media-upload.js';
import { MaxProfileImageBytes } from '../media/media.tokens.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { readContactSheet } from './contact-sheet.js';
import { ServiceClient } from './service-client.js';

const S = Subjects.tickets;
const contactIdParam = z.object({ contactId: recordId });
const numberParam = z.object({ number: z.string().trim().min(1).max(100) });

/** Contacts (spec 1 §7, spec 2 §7): every company user; deleting needs contacts-page:deleteContact. */
@ApiTags('contacts')
@ApiBearerAuth()
@Controller()
export class ContactsController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get('contacts')
  @ApiOperation({ summary: 'A page of 20 contacts: { contacts, hasMore, count }' })
  page(@Req() req: GatewayRequest, @Query() query: unknown): Promise<ContactsPage> {
    return this.services.forward(req, S.contactList, ContactListQuery, query);
  }

  @Get('contacts/list')
  @ApiOperation({ summary: 'Contacts for pickers (id, name, number, channel)' })
  picker(@Req() req: GatewayRequest, @Query() query: unknown): Promise<ContactPickerItem[]> {
    return this.services.forward(req, S.contactPicker, ContactPickerQuery, query);
  }

  @Get('contacts/profile/:number')
  @ApiOperation({ summary: 'The contact with this number: { contactId, urlPicture }' })
  profile(@Req() req: GatewayRequest, @Param('number') number: string): Promise<ContactProfile> {
    return this.services.forward(req, S.contactProfile, numberParam, { number });
  }

  @Get('contacts/:id')
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<ContactRecord> {
    return this.services.forward(req, S.contactGet, IdParam, { id });
  }

  @Post('contacts')
  @ApiBody({ schema: openApiSchema(ContactInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<ContactRecord> {
    return this.services.forward(req, S.contactCreate, ContactInput, body);
  }

  @Post('contacts/upload')
  @ApiOperation({ summary: 'Imports an xlsx sheet (name, number, email) as a paced job' })
  @MediaUpload('file', { maxBytes: MaxProfileImageBytes })
  async upload(
    @Req() req: GatewayRequest,
    @UploadedFile() file: UploadedMedia | undefined,
  ): Promise<ContactImportJob> {
    const [sheet] = requireFiles(file, 'file');
    const rows = await readContactSheet(sheet!.buffer);
    return this.services.ask(req, S.contactImportStart, { rows });
  }

  @Post('contacts/import')
  @ApiBody({ schema: openApiSchema(ContactPhoneImportInput) })
  @ApiOperation({
    summary: "Imports the phone's address book of a WhatsApp connection as a paced job",
  })
  importPhone(@Req() req: GatewayRequest, @Body() body: unknown): Promise<ContactImportJob> {
    return this.services.forward(req, S.contactImportPhone, ContactPhoneImportInput, body);
  }

  @Post('contacts/import/chats')
  @ApiBody({ schema: openApiSchema(ContactPhoneImportInput) })
  @ApiOperation({
    summary: "Imports the people of a WhatsApp connection's chats as a paced job",
  })
  importChats(@Req() req: GatewayRequest, @Body() body: unknown): Promise<ContactImportJob> {
    return this.services.forward(req, S.contactImportChats, ContactPhoneImportInput, body);
  }

  @Post('contactsImport')
  @ApiBody({ schema: openApiSchema(ContactImportRow) })
  @ApiOperation({ summary: 'Imports one row: finds the contact by number or creates it' })
  importOne(@Req() req: GatewayRequest, @Body() body: unknown): Promise<ContactRecord> {
    return this.services.forward(req, S.contactImportOne, ContactImportRow, body);
  }

  @Put('contacts/block/:id')
  @ApiBody({ schema: openApiSchema(ContactBlockInput) })
  block(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<ContactRecord> {
    return this.services.ask(req, S.contactBlock, {
      ...parseInput(ContactBlockInput, body ?? {}),
      ...parseInput(IdParam, { id }),
    });
  }

  @Put('contacts/toggleDisableBot/:id')
  toggleDisableBot(@Req() req: GatewayRequest, @Param('id') id: string): Promise<ContactRecord> {
    return this.services.forward(req, S.contactToggleDisableBot, IdParam, { id });
  }

  @Put('contacts/toggleAcceptAudio/:id')
  toggleAcceptAudio(@Req() req: GatewayRequest, @Param('id') id: string): Promise<ContactRecord> {
    return this.services.forward(req, S.contactToggleAcceptAudio, IdParam, { id });
  }

  @Put('contacts/:id')
  @ApiBody({ schema: openApiSchema(ContactUpdateInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<ContactRecord> {
    return this.services.ask(req, S.contactUpdate, {
      ...parseInput(ContactUpdateInput, body ?? {}),
      ...parseInput(IdParam, { id }),
    });
  }

  @Post('contacts/:id/erase')
  @HttpCode(200)
  @Profiles('admin')
  @ApiOperation({
    summary:
      'Erases a contact (LGPD): its messages and files, its tickets with their notes, its campaign rows and its name in the reports',
  })
  erase(@Req() req: GatewayRequest, @Param('id') id: string): Promise<ContactErasure> {
    return this.services.forward(req, S.contactErase, IdParam, { id });
  }

  @Delete('contacts/:id')
  @RequirePermission('contacts-page:deleteContact')
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, S.contactDelete, IdParam, { id });
  }

  @Get('contactTags/:contactId')
  @ApiOperation({ summary: "The contact's tags: { tags }" })
  tags(
    @Req() req: GatewayRequest,
    @Param('contactId') contactId: string,
  ): Promise<ContactTagsReply> {
    return this.services.forward(req, S.contactTags, contactIdParam, { contactId });
  }
}
