export * from './request-context.js';
export * from './parsed-refs.js';
export * from './reference-check.js';
export * from './access.js';
