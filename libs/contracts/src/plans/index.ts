export * from './plan-flags.js';
export * from './plan-inputs.js';
