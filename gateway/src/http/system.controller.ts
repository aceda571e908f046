import { readFileSync } from 'node:fs';
import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ServiceNames, healthSubject, type ServiceName } from '@sb/contracts';
import { anonymousContext } from '@sb/platform/context';
import { Public } from '../auth/auth.decorators.js';
import type { GatewayEnv } from '../gateway.config.js';
import { GATEWAY_ENV } from '../gateway.tokens.js';
import { ServiceClient } from './service-client.js';

/** The gateway's version: its package.json (two levels up from both src/http and dist/http). */
export const gatewayVersion: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

type ServiceHealth = { status: 'ok'; version: string } | { status: 'down'; error: string };
export type HealthAnswer = {
  status: 'ok' | 'degraded';
  gateway: { status: 'ok'; version: string };
  services: Record<ServiceName, ServiceHealth>;
};

@ApiTags('system')
@Controller()
@Public()
export class SystemController {
  constructor(
    @Inject(ServiceClient) private readonly services: ServiceClient,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Get('version')
  @ApiOperation({ summary: 'The app version' })
  version(): { version: string } {
    return { version: gatewayVersion };
  }

  /** Liveness: the gateway process answers (no bus round trip), for k8s livenessProbe. */
  @Get('health/live')
  @ApiOperation({ summary: 'Liveness of the gateway alone' })
  live(): { status: 'ok'; version: string } {
    return { status: 'ok', version: gatewayVersion };
  }

  /** Readiness: 200 when every service answers its health request over the bus, else 503. */
  @Get('health')
  @ApiOperation({ summary: 'Gateway and every service over the bus: 200 all up, 503 otherwise' })
  async health(@Res({ passthrough: true }) res: Response): Promise<HealthAnswer> {
    const ctx = anonymousContext();
    const results = await Promise.all(
      ServiceNames.map(async (service): Promise<[ServiceName, ServiceHealth]> => {
        try {
          const reply = await this.services.request(
            healthSubject(service),
            ctx,
            {},
            this.env.HEALTH_TIMEOUT_MS,
          );
          return [service, { status: 'ok', version: reply.version }];
        } catch (err) {
          const code = (err as { code?: unknown }).code;
          return [
            service,
            { status: 'down', error: typeof code === 'string' ? code : 'ERR_INTERNAL' },
          ];
        }
      }),
    );
    const services = Object.fromEntries(results) as Record<ServiceName, ServiceHealth>;
    const allUp = results.every(([, health]) => health.status === 'ok');
    res.status(allUp ? 200 : 503);
    return {
      status: allUp ? 'ok' : 'degraded',
      gateway: { status: 'ok', version: gatewayVersion },
      services,
    };
  }
}
