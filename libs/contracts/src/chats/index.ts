export * from './chats.js';
