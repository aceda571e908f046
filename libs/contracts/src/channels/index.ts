export * from './channels.js';
export * from './channel-messages.js';
export * from './connections.js';
