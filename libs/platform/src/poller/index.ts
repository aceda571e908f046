export * from './poller.js';
