export * from './micro-batch.js';
