export * from './ticket-statuses.js';
export * from './ticket-records.js';
export * from './ticket-inputs.js';
export * from './ticket-events.js';
export * from './ticket-visibility.js';
