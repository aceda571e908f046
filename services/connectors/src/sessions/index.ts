export * from './lease-rules.js';
export * from './lease-manager.js';
