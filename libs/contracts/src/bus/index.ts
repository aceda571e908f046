export * from './envelope.js';
export * from './subjects.js';
export * from './bus-contracts.js';
export * from './event-contracts.js';
