export * from './plan-flags.js';
