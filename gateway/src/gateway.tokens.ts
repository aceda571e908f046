import type { Bus } from '@sb/platform/bus';
import type { Logger } from '@sb/platform/logger';
import type { GatewayEnv } from './gateway.config.js';

/** DI tokens of the gateway module (values built by startGateway). */
export const GATEWAY_BUS = Symbol('GATEWAY_BUS');
export const GATEWAY_LOGGER = Symbol('GATEWAY_LOGGER');
export const GATEWAY_ENV = Symbol('GATEWAY_ENV');
export const BOT_VERIFIER = Symbol('BOT_VERIFIER');

export type GatewayDeps = { bus: Bus; logger: Logger; env: GatewayEnv };
