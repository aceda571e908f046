export * from './secret-box.js';
export * from './secret-keyring.js';
