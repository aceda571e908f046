export * from './api-routes.js';
export * from './form-values.js';
