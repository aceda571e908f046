export * from './ticket-statuses.js';
export * from './ticket-records.js';
export * from './ticket-inputs.js';
