export * from './create-logger.js';
export * from './log-format.js';
export * from './pretty-destination.js';
