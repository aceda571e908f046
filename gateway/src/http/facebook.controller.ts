import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FacebookConnectInput, Subjects, type FacebookConnectReply } from '@sb/contracts';
import { Profiles } from '../auth/auth.decorators.js';
import type { GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

/** Facebook login (spec 2 §7): the pages of the user become connections, with their Instagram accounts. */
@ApiTags('connections')
@ApiBearerAuth()
@Controller()
export class FacebookController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Post('facebook')
  @Profiles('admin')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Creates one connection per page the Facebook user manages (and its Instagram account with addInstagram)',
  })
  @ApiBody({ schema: openApiSchema(FacebookConnectInput) })
  connect(@Req() req: GatewayRequest, @Body() body: unknown): Promise<FacebookConnectReply> {
    const S = Subjects.connectors;
    // Graph calls for many pages can take longer than a plain request
    return this.services.forward(req, S.facebookConnect, FacebookConnectInput, body, 30_000);
  }
}
