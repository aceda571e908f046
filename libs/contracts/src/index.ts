export * from './errors/index.js';
export * from './context/index.js';
export * from './bus/index.js';
