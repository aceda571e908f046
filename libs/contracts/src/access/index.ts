export * from './profiles.js';
export * from './permissions.js';
