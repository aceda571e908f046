export * from './ticket-statuses.js';
