export * from './emulated-templates.js';
export * from './emulator-page.js';
export * from './graph-emulator.js';
export * from './webhook-payloads.js';
