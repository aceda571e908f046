export * from './prompts.js';
