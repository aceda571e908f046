export * from './channel-driver.js';
