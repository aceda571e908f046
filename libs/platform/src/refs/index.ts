export * from './owned-refs.repository.js';
export * from './owned-refs.handler.js';
export * from './owned-refs.module.js';
