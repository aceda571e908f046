export * from './config/index.js';
export * from './logger/index.js';
export * from './context/index.js';
export * from './errors/index.js';
export * from './bus/index.js';
export * from './db/index.js';
export * from './outbox/index.js';
export * from './nest/index.js';
