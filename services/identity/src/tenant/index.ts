export { identityTenantPart } from './identity-tenant-part.js';
