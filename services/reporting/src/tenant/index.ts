export { reportingTenantPart } from './reporting-tenant-part.js';
