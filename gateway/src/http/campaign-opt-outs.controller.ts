import { Controller, Delete, Get, Inject, Param, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OptOutNumberRequest, OptOutsQuery, Subjects, type OptOutsPage } from '@sb/contracts';
import { Profiles, RequirePlanFlag } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { ServiceClient } from './service-client.js';

const S = Subjects.campaigns;

/**
 * The numbers that answered a campaign's opt-out word (issue 17): admins of plans with useCampaigns
 * list them and may remove one. The campaigns service checks both again.
 */
@ApiTags('campaigns')
@RequirePlanFlag('useCampaigns')
@Profiles('admin')
@ApiBearerAuth()
@Controller('campaign-opt-outs')
export class CampaignOptOutsController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get()
  @ApiOperation({ summary: 'A page of the opted-out numbers, newest first: { records, hasMore }' })
  page(@Req() req: GatewayRequest, @Query() query: unknown): Promise<OptOutsPage> {
    return this.services.forward(req, S.optOutList, OptOutsQuery, query);
  }

  @Delete(':number')
  @ApiOperation({ summary: 'Campaigns may message this number again' })
  remove(@Req() req: GatewayRequest, @Param('number') number: string): Promise<{ number: string }> {
    return this.services.forward(req, S.optOutDelete, OptOutNumberRequest, { number });
  }
}
