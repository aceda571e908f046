import { Body, Controller, Get, Inject, Param, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  CompanySettingOneQuery,
  CompanySettingUpdateInput,
  Subjects,
  type CompanySettingsObject,
  type SettingEntry,
  type SettingUpdateRequest,
  recordId,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { Profiles } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

const keyParam = z.object({ key: z.string().min(1).max(100) });
const valueBody = z.object({ value: z.string() });
const companyParam = z.object({ companyId: recordId });

/**
 * Settings and company settings of spec 2 §7. Identity checks the value against the key's allowed set and
 * who may read or write each key (platform keys: super user; company keys: the company's admins).
 */
@ApiTags('settings')
@ApiBearerAuth()
@Controller()
export class SettingsController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get('settings')
  @ApiOperation({ summary: 'Every setting the caller may read, defaults filled in' })
  list(@Req() req: GatewayRequest): Promise<SettingEntry[]> {
    return this.services.ask(req, Subjects.identity.settingsList, {});
  }

  @Put('settings/:key')
  @Profiles('admin')
  @ApiOperation({ summary: 'Changes one setting' })
  @ApiBody({ schema: openApiSchema(valueBody) })
  update(
    @Req() req: GatewayRequest,
    @Param('key') key: string,
    @Body() body: unknown,
  ): Promise<SettingEntry> {
    const data: SettingUpdateRequest = {
      ...parseInput(keyParam, { key }),
      ...parseInput(valueBody, body ?? {}),
    };
    return this.services.ask(req, Subjects.identity.settingsUpdate, data);
  }

  @Get('companySettings/:companyId')
  @Profiles('admin')
  @ApiOperation({
    summary:
      "A company's settings as one object keyed by setting (own company; any company for the super user)",
  })
  async company(
    @Req() req: GatewayRequest,
    @Param('companyId') companyId: string,
  ): Promise<CompanySettingsObject> {
    const entries = await this.services.forward(
      req,
      Subjects.identity.companySettingsList,
      companyParam,
      { companyId },
    );
    // the family's clients read the company's settings row: one property per setting
    return Object.fromEntries(entries.map(({ key, value }) => [key, value]));
  }

  /** Any user of the company reads single options (e.g. sendSignMessage in the workspace). */
  @Get('companySettingOne')
  @ApiOperation({ summary: "One setting of the caller's company: { [column]: value }" })
  async one(@Req() req: GatewayRequest, @Query() query: unknown): Promise<CompanySettingsObject> {
    const { column } = parseInput(CompanySettingOneQuery, query ?? {});
    const entry = await this.services.ask(req, Subjects.identity.companySettingOne, {
      key: column,
    });
    // `{ [column]: value }`, as the family's clients read it (e.g. data.scheduleType)
    return { [entry.key]: entry.value };
  }

  @Put('companySettings')
  @Profiles('admin')
  @ApiOperation({ summary: "Changes one setting of the caller's company ({ column, data })" })
  @ApiBody({ schema: openApiSchema(CompanySettingUpdateInput) })
  updateCompany(@Req() req: GatewayRequest, @Body() body: unknown): Promise<SettingEntry> {
    const { column, data } = parseInput(CompanySettingUpdateInput, body ?? {});
    const request: SettingUpdateRequest = { key: column, value: data };
    return this.services.ask(req, Subjects.identity.settingsUpdate, request);
  }
}
