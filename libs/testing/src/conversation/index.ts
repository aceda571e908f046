export * from './conversation-script.js';
export * from './conversation.js';
