export * from './password-reset.js';
