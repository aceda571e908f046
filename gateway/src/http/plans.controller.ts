import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { PlanInput, PlanUpdateInput, Subjects, type PlanView, IdParam } from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { Public, SuperOnly } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

/** Plans: public list for signup; everything else for the super user. Amounts are "0.00" strings. */
@ApiTags('plans')
@ApiBearerAuth()
@Controller('plans')
export class PlansController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get('list')
  @Public()
  @ApiOperation({ summary: 'The public plans (signup)' })
  listPublic(@Req() req: GatewayRequest): Promise<PlanView[]> {
    return this.services.ask(req, Subjects.identity.planListPublic, {});
  }

  @Get('listPublic')
  @Public()
  @ApiOperation({ summary: 'The public plans, as the family front ends name the call' })
  listPublicFamily(@Req() req: GatewayRequest): Promise<PlanView[]> {
    return this.services.ask(req, Subjects.identity.planListPublic, {});
  }

  @Get('all')
  @SuperOnly()
  @ApiOperation({ summary: 'Every plan' })
  listAll(@Req() req: GatewayRequest): Promise<PlanView[]> {
    return this.services.ask(req, Subjects.identity.planListAll, {});
  }

  @Post()
  @SuperOnly()
  @ApiOperation({ summary: 'Creates a plan (every flag defaults to enabled)' })
  @ApiBody({ schema: openApiSchema(PlanInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<PlanView> {
    return this.services.forward(req, Subjects.identity.planCreate, PlanInput, body);
  }

  @Put(':id')
  @SuperOnly()
  @ApiOperation({ summary: 'Updates a plan' })
  @ApiBody({ schema: openApiSchema(PlanUpdateInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<PlanView> {
    const params = parseInput(IdParam, { id });
    const input = parseInput(PlanUpdateInput, body ?? {});
    return this.services.ask(req, Subjects.identity.planUpdate, {
      ...input,
      id: params.id,
    });
  }

  @Delete(':id')
  @SuperOnly()
  @ApiOperation({ summary: 'Deletes a plan no company uses (else 409 ERR_PLAN_IN_USE)' })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.forward(req, Subjects.identity.planDelete, IdParam, { id });
  }
}
