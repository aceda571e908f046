export * from './setting-definitions.js';
export * from './setting-requests.js';
