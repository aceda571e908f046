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
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  HelpInput,
  HelpListQuery,
  Subjects,
  type Help,
  type HelpPage,
  type HelpUpdateRequest,
  IdParam,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { SuperOnly } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

/** Platform-wide help videos (spec 2 §3): everyone logged in reads, super users write. */
@ApiTags('helps')
@ApiBearerAuth()
@Controller('helps')
export class HelpsController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'A page of helps: { helps, count, hasMore }' })
  @ApiQuery({ name: 'searchParam', required: false })
  @ApiQuery({ name: 'pageNumber', required: false })
  page(@Req() req: GatewayRequest, @Query() query: unknown): Promise<HelpPage> {
    return this.services.forward(req, Subjects.identity.helpList, HelpListQuery, query);
  }

  @Get('list')
  @ApiOperation({ summary: 'Every help, for the /helps page' })
  list(@Req() req: GatewayRequest): Promise<Help[]> {
    return this.services.ask(req, Subjects.identity.helpListAll, {});
  }

  @Post()
  @SuperOnly()
  @ApiOperation({ summary: 'Creates a help (super users)' })
  @ApiBody({ schema: openApiSchema(HelpInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<Help> {
    return this.services.forward(req, Subjects.identity.helpCreate, HelpInput, body);
  }

  @Put(':id')
  @SuperOnly()
  @ApiOperation({ summary: 'Updates a help (super users)' })
  @ApiBody({ schema: openApiSchema(HelpInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<Help> {
    const params = parseInput(IdParam, { id });
    const data: HelpUpdateRequest = { ...parseInput(HelpInput, body ?? {}), id: params.id };
    return this.services.ask(req, Subjects.identity.helpUpdate, data);
  }

  @Delete(':id')
  @SuperOnly()
  @ApiOperation({ summary: 'Deletes a help (super users)' })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, Subjects.identity.helpDelete, IdParam, { id });
  }
}
