export * from './tokens.js';
export * from './bus-handler.decorator.js';
export * from './bus-handler.explorer.js';
export * from './idempotent-event-consumer.js';
export * from './nest-logger.js';
export * from './service-runtime.js';
export * from './start-nest-service.js';
export * from './run-service-main.js';
