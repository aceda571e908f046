export * from './connection-records.js';
export * from './connection-inputs.js';
export * from './send-limits.js';
