export * from './quick-messages.js';
