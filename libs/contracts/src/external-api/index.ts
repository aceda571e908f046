export * from './external-api.js';
