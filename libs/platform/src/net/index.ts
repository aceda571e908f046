export { freePort } from './free-port.js';
