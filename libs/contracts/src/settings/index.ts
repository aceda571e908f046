export * from './setting-definitions.js';
