export * from './reporting.js';
export * from './reports.js';
