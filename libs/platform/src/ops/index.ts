export * from './metrics.js';
export * from './readiness.js';
export * from './probes.js';
export * from './ops-server.js';
