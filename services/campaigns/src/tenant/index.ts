export { campaignsTenantPart } from './campaigns-tenant-part.js';
