export * from './infra/index.js';
