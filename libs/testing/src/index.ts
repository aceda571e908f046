export * from './infra/index.js';
export * from './services/index.js';
export * from './fixtures/index.js';
export * from './data-source/index.js';
export * from './baileys/index.js';
