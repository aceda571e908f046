export * from './load-config.js';
export * from './channel-emulator-defaults.js';
