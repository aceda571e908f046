export * from './envelope.js';
export * from './subjects.js';
