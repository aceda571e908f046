export * from './service-boot.js';
