export * from './company-tables.js';
export * from './company-erase.js';
export * from './company-usage.js';
export * from './tenant-part.js';
export * from './company-export.js';
export * from './company-import.js';
export * from './tenant-transfer.js';
export * from './bundle.js';
