export * from './app-error.js';
export * from './parse-input.js';
export * from './error-reply.js';
