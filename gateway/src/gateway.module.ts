import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './auth/access.guard.js';
import { AccessTokenService } from './auth/access-token.service.js';
import { AuthGuard } from './auth/auth.guard.js';
import { RevokedSessions } from './auth/revoked-sessions.service.js';
import type { BotVerifier } from './bot-check/bot-verifier.js';
import {
  BOT_VERIFIER,
  GATEWAY_BUS,
  GATEWAY_ENV,
  GATEWAY_LOGGER,
  type GatewayDeps,
} from './gateway.tokens.js';
import { AuthController } from './http/auth.controller.js';
import { ServiceClient } from './http/service-client.js';
import { SystemController } from './http/system.controller.js';
import { UsersController } from './http/users.controller.js';

export type GatewayModuleDeps = GatewayDeps & {
  tokens: AccessTokenService;
  revoked: RevokedSessions;
  bot: BotVerifier;
};

/** The HTTP side: controllers forward to services; the two global guards protect every route. */
@Module({})
export class GatewayModule {
  static forRoot(deps: GatewayModuleDeps): DynamicModule {
    const providers: Provider[] = [
      { provide: GATEWAY_BUS, useValue: deps.bus },
      { provide: GATEWAY_LOGGER, useValue: deps.logger },
      { provide: GATEWAY_ENV, useValue: deps.env },
      { provide: BOT_VERIFIER, useValue: deps.bot },
      { provide: AccessTokenService, useValue: deps.tokens },
      { provide: RevokedSessions, useValue: deps.revoked },
      ServiceClient,
      // order matters: authenticate first, then check profiles, permissions and plan flags
      { provide: APP_GUARD, useClass: AuthGuard },
      { provide: APP_GUARD, useClass: AccessGuard },
    ];
    return {
      module: GatewayModule,
      controllers: [AuthController, UsersController, SystemController],
      providers,
    };
  }
}
