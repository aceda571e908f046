export * from './lease-rules.js';
export * from './lease-manager.js';
export * from './session-leases.repository.js';
