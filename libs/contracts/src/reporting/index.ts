export * from './reporting.js';
