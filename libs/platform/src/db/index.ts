export * from './service-data-source.js';
export * from './platform-migrations.js';
export * from './tenant.repository.js';
export * from './typeorm-logger.js';
export * from './migration-schema.js';
export * from './bulk-insert.js';
export * from './entity-rows.js';
