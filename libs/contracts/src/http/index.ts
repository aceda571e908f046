export * from './api-routes.js';
export * from './partial-update.js';
export * from './form-values.js';
export * from './record-ids.js';
export * from './list-query.js';
