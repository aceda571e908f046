export * from './queue-integrations.js';
