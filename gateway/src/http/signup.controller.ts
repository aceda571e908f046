import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SignupInput, Subjects, type SignupRequest, type SignupResult } from '@sb/contracts';
import { AppError, parseInput } from '@sb/platform/errors';
import { Public } from '../auth/auth.decorators.js';
import { anonymousCallOf, type GatewayRequest } from '../auth/gateway-request.js';
import type { BotVerifier } from '../bot-check/bot-verifier.js';
import { BOT_VERIFIER } from '../gateway.tokens.js';
import { openApiSchema } from '../openapi/zod-schema.js';
import { ServiceClient } from './service-client.js';

/** Public signup (spec 1 §2, §7): rate-limited with /auth/*, bot-checked like login. */
@ApiTags('auth')
@Controller('auth')
export class SignupController {
  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(BOT_VERIFIER) private readonly bot: BotVerifier,
  ) {}

  @Public()
  @Post('signup')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Creates a company on a public plan (3-day trial) and its admin; answers { companyId, userId }',
  })
  @ApiBody({ schema: openApiSchema(SignupInput) })
  async signup(@Req() req: GatewayRequest, @Body() body: unknown): Promise<SignupResult> {
    // unknown keys (companyId, profile) are dropped here: they never reach identity
    const { 'cf-turnstile-response': botToken, ...input } = parseInput(SignupInput, body ?? {});
    if (!(await this.bot.verify(botToken, req.sb.clientIp)))
      throw new AppError('ERR_BOT_CHECK_FAILED');
    const data: SignupRequest = input;
    return this.services.request(Subjects.identity.signup, anonymousCallOf(req), data);
  }
}
