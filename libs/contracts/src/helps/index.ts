export * from './helps.js';
