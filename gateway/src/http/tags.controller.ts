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
} from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  Subjects,
  TagInput,
  TagListQuery,
  TagPickerQuery,
  TagSyncInput,
  TagUpdateInput,
  type TagRecord,
  type TagsPage,
  type TagSyncReply,
  IdParam,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { Profiles } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

const S = Subjects.tickets;

/** Tags (spec 3 §7): every company user; deleting is for admins. */
@ApiTags('tags')
@ApiBearerAuth()
@Controller('tags')
export class TagsController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'A page of tags with counts: { tags, hasMore, count }' })
  page(@Req() req: GatewayRequest, @Query() query: unknown): Promise<TagsPage> {
    return this.services.forward(req, S.tagList, TagListQuery, query);
  }

  @Get('list')
  @ApiOperation({ summary: 'Every tag, optionally only kanban (1) or normal (0) ones' })
  picker(@Req() req: GatewayRequest, @Query() query: unknown): Promise<TagRecord[]> {
    return this.services.forward(req, S.tagPicker, TagPickerQuery, query);
  }

  @Get('kanban')
  @ApiOperation({ summary: 'The kanban tags (lanes): { lista }' })
  async kanban(@Req() req: GatewayRequest): Promise<{ lista: TagRecord[] }> {
    // `{ lista }`, the wire name the family's kanban screens read
    return { lista: await this.services.ask(req, S.tagKanban, {}) };
  }

  @Post('sync')
  @ApiBody({ schema: openApiSchema(TagSyncInput) })
  @ApiOperation({ summary: "Sets a contact's tags: { contactId, tags }" })
  sync(@Req() req: GatewayRequest, @Body() body: unknown): Promise<TagSyncReply> {
    return this.services.forward(req, S.tagSync, TagSyncInput, body);
  }

  @Get(':id')
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<TagRecord> {
    return this.services.forward(req, S.tagGet, IdParam, { id });
  }

  @Post()
  @ApiBody({ schema: openApiSchema(TagInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<TagRecord> {
    return this.services.forward(req, S.tagCreate, TagInput, body);
  }

  @Put(':id')
  @ApiBody({ schema: openApiSchema(TagUpdateInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<TagRecord> {
    return this.services.ask(req, S.tagUpdate, {
      ...parseInput(TagUpdateInput, body ?? {}),
      ...parseInput(IdParam, { id }),
    });
  }

  @Delete(':id')
  @Profiles('admin')
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, S.tagDelete, IdParam, { id });
  }
}
