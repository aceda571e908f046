export * from './schedules.js';
