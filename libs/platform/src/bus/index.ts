export * from './bus.types.js';
export * from './subject-match.js';
export * from './in-process-bus.js';
export * from './nats-bus.js';
export * from './create-bus.js';
export * from './event-ids.js';
