export * from './event-export.config.js';
export * from './kafka-record.js';
export * from './kafka-event-export.js';
