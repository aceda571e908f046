export * from './tag-inputs.js';
export * from './tag-records.js';
export * from './tag-colors.js';
