export * from './traceparent.js';
export * from './trace-context.js';
export * from './otel-sdk.js';
