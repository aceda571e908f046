export * from './recurrence.js';
export * from './company-inputs.js';
