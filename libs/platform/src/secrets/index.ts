export * from './secret-box.js';
