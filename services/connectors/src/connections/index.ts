export * from './connection.entity.js';
export * from './connection-view.js';
export * from './connections.module.js';
export * from './connections.repository.js';
export * from './connection-event-sink.js';
export * from './driver-registry.js';
