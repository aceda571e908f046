export * from './object-storage.js';
export * from './storage.errors.js';
export * from './media-key.js';
export * from './url-signer.js';
export * from './disk-storage.js';
export * from './s3-storage.js';
export * from './company-storage.js';
export * from './create-storage.js';
