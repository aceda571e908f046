export * from './channels.js';
export * from './channel-messages.js';
