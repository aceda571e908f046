export * from './start-gateway.js';
export * from './gateway.config.js';
export * from './auth/auth.decorators.js';
export type { GatewayRequest, GatewayRequestState } from './auth/gateway-request.js';
export type { VerifiedToken } from './auth/access-token.service.js';
export * from './bot-check/bot-verifier.js';
export * from './realtime/ticket-access.js';
export { UserPresence } from './realtime/user-presence.js';
export { ServiceClient } from './http/service-client.js';
