export * from './outbox.js';
export * from './outbox-relay.js';
export * from './idempotent-consumer.js';
export * from './audit-trail.js';
