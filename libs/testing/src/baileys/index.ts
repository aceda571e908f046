export * from './fake-baileys.js';
