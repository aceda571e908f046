export * from './contact-inputs.js';
export * from './contact-records.js';
export * from './number-mask.js';
