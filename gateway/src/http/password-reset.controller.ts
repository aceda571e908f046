import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
} from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  PasswordUpdateInput,
  ResetRequestInput,
  ResetVerifyInput,
  Subjects,
  type PasswordUpdateReply,
  type ResetRequestReply,
  type ResetVerifyReply,
} from '@sb/contracts';
import { parseInput } from '@sb/platform/errors';
import { Public } from '../auth/auth.decorators.js';
import { anonymousCallOf, type GatewayRequest } from '../auth/gateway-request.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

/**
 * Password reset by code (spec 3 §2.19, §7): public and rate-limited. The answers never say whether a
 * number has an account, and never carry the code.
 */
@ApiTags('password-reset')
@Controller('api')
export class PasswordResetController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Public()
  @Post('enviar-email')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Sends a 6-digit code to the account with this messaging number; answers { requestId } either way',
  })
  @ApiBody({ schema: openApiSchema(ResetRequestInput) })
  request(@Req() req: GatewayRequest, @Body() body: unknown): Promise<ResetRequestReply> {
    return this.services.request(
      Subjects.identity.passwordResetRequest,
      anonymousCallOf(req),
      parseInput(ResetRequestInput, body ?? {}),
    );
  }

  @Public()
  @Get('verificar-code/:requestId')
  @ApiOperation({
    summary:
      'Checks ?code= (3 attempts); answers { verified: true, resetToken } for the new password',
  })
  verify(
    @Req() req: GatewayRequest,
    @Param('requestId') requestId: string,
    @Query('code') code: unknown,
  ): Promise<ResetVerifyReply> {
    return this.services.request(
      Subjects.identity.passwordResetVerify,
      anonymousCallOf(req),
      parseInput(ResetVerifyInput, { requestId, code }),
    );
  }

  @Public()
  @Put('atualizar-senha')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sets the new password with the reset token; ends every session of the user',
  })
  @ApiBody({ schema: openApiSchema(PasswordUpdateInput) })
  update(@Req() req: GatewayRequest, @Body() body: unknown): Promise<PasswordUpdateReply> {
    return this.services.request(
      Subjects.identity.passwordResetComplete,
      anonymousCallOf(req),
      parseInput(PasswordUpdateInput, body ?? {}),
    );
  }
}
