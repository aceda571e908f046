export * from './signup-inputs.js';
