export * from './load-config.js';
