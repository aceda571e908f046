export * from './tenant-operations.js';
export * from './company-fence.js';
