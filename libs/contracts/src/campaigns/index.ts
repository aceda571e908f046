export * from './campaigns.js';
export * from './opt-outs.js';
