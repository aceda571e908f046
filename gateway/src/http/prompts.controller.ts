import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  PromptInput,
  Subjects,
  type Prompt,
  type PromptDeleted,
  type PromptList,
  type PromptUpdateRequest,
  IdParam,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { Profiles, RequirePlanFlag } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

/**
 * AI prompts (spec 3 §2.16, §7): the list feeds the pickers of every user (queue, connection, ticket);
 * the /prompts screen's reads and writes are admin work on a plan with useOpenAi. Keys come back masked.
 */
@ApiTags('prompts')
@ApiBearerAuth()
@Controller('prompt')
export class PromptsController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: "The company's prompts (keys masked): { prompts }" })
  list(@Req() req: GatewayRequest): Promise<PromptList> {
    return this.services.ask(req, Subjects.tickets.promptList, {});
  }

  @Get(':id')
  @Profiles('admin')
  @RequirePlanFlag('useOpenAi')
  @ApiOperation({ summary: 'One prompt (admins; keys masked)' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<Prompt> {
    return this.services.forward(req, Subjects.tickets.promptGet, IdParam, { id });
  }

  @Post()
  @Profiles('admin')
  @RequirePlanFlag('useOpenAi')
  @ApiOperation({ summary: 'Creates a prompt for one of the company queues (admins)' })
  @ApiBody({ schema: openApiSchema(PromptInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<Prompt> {
    return this.services.forward(req, Subjects.tickets.promptCreate, PromptInput, body);
  }

  @Put(':id')
  @Profiles('admin')
  @RequirePlanFlag('useOpenAi')
  @ApiOperation({
    summary: 'Updates a prompt (admins); an omitted or masked apiKey/voiceKey keeps the stored one',
  })
  @ApiBody({ schema: openApiSchema(PromptInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<Prompt> {
    const params = parseInput(IdParam, { id });
    const data: PromptUpdateRequest = { ...parseInput(PromptInput, body ?? {}), id: params.id };
    return this.services.ask(req, Subjects.tickets.promptUpdate, data);
  }

  @Delete(':id')
  @Profiles('admin')
  @RequirePlanFlag('useOpenAi')
  @ApiOperation({ summary: 'Deletes a prompt (admins): { id, message }' })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<PromptDeleted> {
    return this.services.forward(req, Subjects.tickets.promptDelete, IdParam, { id });
  }
}
