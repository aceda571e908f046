export * from './database-names.js';
export * from './nats-skip.js';
export * from './probes.js';
export * from './test-infrastructure.js';
export * from './test-database.js';
export * from './nats-tests.js';
export * from './test-nats-bus.js';
export * from './manual-clock.js';
