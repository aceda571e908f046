export * from './contact-lists.js';
export * from './campaign-settings.js';
