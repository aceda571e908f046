export * from './api-routes.js';
