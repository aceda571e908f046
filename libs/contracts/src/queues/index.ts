export * from './queues.js';
