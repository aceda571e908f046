export * from './channels.js';
export * from './channel-messages.js';
export * from './message-templates.js';
