export * from './socket-events.js';
export * from './rooms.js';
export * from './event-socket-routes.js';
export * from './socket-payloads.js';
