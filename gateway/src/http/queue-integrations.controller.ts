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
  QueueIntegrationInput,
  QueueIntegrationListQuery,
  QueueIntegrationTestInput,
  Subjects,
  type QueueIntegration,
  type QueueIntegrationPage,
  type QueueIntegrationTestResult,
  type QueueIntegrationUpdateRequest,
  IdParam,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { Profiles, RequirePlanFlag } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

const S = Subjects.tickets;
/** the token exchange and detectIntent each get the service's Dialogflow timeout (10 s by default) */
const TestSessionTimeoutMs = 25_000;

/**
 * Queue integrations (spec 3 §2.14, §7 "Integrations"): admins of plans with useIntegration. The
 * Dialogflow key goes in as sent and comes back with its private key masked.
 */
@ApiTags('queue-integrations')
@Profiles('admin')
@RequirePlanFlag('useIntegration')
@ApiBearerAuth()
@Controller('queueIntegration')
export class QueueIntegrationsController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({
    summary: "A page of the company's integrations: { queueIntegrations, count, hasMore }",
  })
  @ApiQuery({ name: 'searchParam', required: false })
  @ApiQuery({ name: 'pageNumber', required: false })
  page(@Req() req: GatewayRequest, @Query() query: unknown): Promise<QueueIntegrationPage> {
    return this.services.forward(req, S.queueIntegrationPage, QueueIntegrationListQuery, query);
  }

  @Post('testSession')
  @ApiOperation({ summary: 'Says hello to a Dialogflow agent with the given key and project' })
  @ApiBody({ schema: openApiSchema(QueueIntegrationTestInput) })
  testSession(
    @Req() req: GatewayRequest,
    @Body() body: unknown,
  ): Promise<QueueIntegrationTestResult> {
    return this.services.forward(
      req,
      S.queueIntegrationTestSession,
      QueueIntegrationTestInput,
      body,
      TestSessionTimeoutMs,
    );
  }

  @Get(':id')
  @ApiOperation({ summary: 'One integration' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<QueueIntegration> {
    return this.services.forward(req, S.queueIntegrationGet, IdParam, { id });
  }

  @Post()
  @ApiOperation({ summary: 'Creates an integration (Dialogflow, n8n, webhook or Typebot)' })
  @ApiBody({ schema: openApiSchema(QueueIntegrationInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<QueueIntegration> {
    return this.services.forward(req, S.queueIntegrationCreate, QueueIntegrationInput, body);
  }

  @Put(':id')
  @ApiOperation({ summary: 'Updates an integration (a masked key keeps the stored one)' })
  @ApiBody({ schema: openApiSchema(QueueIntegrationInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<QueueIntegration> {
    const params = parseInput(IdParam, { id });
    const data: QueueIntegrationUpdateRequest = {
      ...parseInput(QueueIntegrationInput, body ?? {}),
      id: params.id,
    };
    return this.services.ask(req, S.queueIntegrationUpdate, data);
  }

  @Delete(':id')
  @ApiOperation({
    summary: 'Deletes an integration and unlinks it from queues and chatbot options',
  })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, S.queueIntegrationDelete, IdParam, { id });
  }
}
