export * from './meta-inputs.js';
