export * from './emulator-config.js';
