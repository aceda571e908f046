import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  PlantaoInput,
  Subjects,
  type PlantaoRecord,
  type PlantaoUpdateRequest,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { Profiles } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

const S = Subjects.campaigns;
const idParam = z.object({ id: z.coerce.number().int().positive() });

/**
 * On-duty staff (spec 3 §2.17, §7 "On-duty staff"): like queues, every member reads and admins write.
 * The user selector uses GET /users/list (users controller).
 */
@ApiTags('plantao')
@ApiBearerAuth()
@Controller('plantao')
export class PlantaoController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: "The company's on-duty entries with their user, phone and hours" })
  list(@Req() req: GatewayRequest): Promise<PlantaoRecord[]> {
    return this.services.ask(req, S.plantaoList, {});
  }

  @Get(':id')
  @ApiOperation({ summary: 'One on-duty entry' })
  get(@Req() req: GatewayRequest, @Param('id') id: string): Promise<PlantaoRecord> {
    return this.services.ask(req, S.plantaoGet, parseInput(idParam, { id }));
  }

  @Post()
  @Profiles('admin')
  @ApiOperation({ summary: 'Adds an on-duty entry (admins): userId, phone, interval, days' })
  @ApiBody({ schema: openApiSchema(PlantaoInput) })
  create(@Req() req: GatewayRequest, @Body() body: unknown): Promise<PlantaoRecord> {
    return this.services.ask(req, S.plantaoCreate, parseInput(PlantaoInput, body ?? {}));
  }

  @Put(':id')
  @Profiles('admin')
  @ApiOperation({ summary: 'Changes an on-duty entry (admins)' })
  @ApiBody({ schema: openApiSchema(PlantaoInput) })
  update(
    @Req() req: GatewayRequest,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<PlantaoRecord> {
    const data: PlantaoUpdateRequest = {
      ...parseInput(PlantaoInput, body ?? {}),
      ...parseInput(idParam, { id }),
    };
    return this.services.ask(req, S.plantaoUpdate, data);
  }

  @Delete(':id')
  @Profiles('admin')
  @ApiOperation({ summary: 'Removes an on-duty entry (admins)' })
  remove(@Req() req: GatewayRequest, @Param('id') id: string): Promise<{ id: number }> {
    return this.services.ask(req, S.plantaoDelete, parseInput(idParam, { id }));
  }
}
