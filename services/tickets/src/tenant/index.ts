export { ticketsTenantPart } from './tickets-tenant-part.js';
