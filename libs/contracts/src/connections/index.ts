export * from './connection-records.js';
export * from './connection-inputs.js';
