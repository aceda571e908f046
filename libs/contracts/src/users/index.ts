export * from './user-inputs.js';
export * from './requests.js';
