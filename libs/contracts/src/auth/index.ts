export * from './languages.js';
export * from './session.js';
export * from './requests.js';
