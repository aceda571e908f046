export * from './error-codes.js';
