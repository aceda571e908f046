export * from './infra/index.js';
export * from './services/index.js';
export * from './fixtures/index.js';
