export * from './report-time-zone.js';
export * from './reporting.js';
export * from './reports.js';
export * from './sla-targets.js';
