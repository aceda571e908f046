export * from './on-duty.js';
