export * from './auth-cipher.js';
export * from './backoff.js';
export * from './normalise.js';
export * from './postgres-auth-state.js';
export * from './whatsapp-driver.js';
export * from './whatsapp-sessions.js';
export * from './whatsapp-socket.js';
export * from './whatsapp.module.js';
