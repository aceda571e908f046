export * from './service-boot.js';
export * from './tenant-row-security.js';
