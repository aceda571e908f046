export * from './refs.js';
