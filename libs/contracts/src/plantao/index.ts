export * from './plantao.js';
