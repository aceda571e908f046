export { startStandalone, defaultWebDistDir } from './standalone.js';
export type { RunningStandalone, StandaloneOptions } from './standalone.js';
export { standaloneEnvSchema } from './standalone-env.js';
export type { StandaloneEnv } from './standalone-env.js';
export { renderConfigScript, startWebServer } from './web-server.js';
export type { RunningWebServer, WebRuntimeConfig } from './web-server.js';
