export * from './file-lists.js';
