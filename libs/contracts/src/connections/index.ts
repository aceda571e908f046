export * from './connection-inputs.js';
