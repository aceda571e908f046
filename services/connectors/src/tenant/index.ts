export { connectorsTenantPart } from './connectors-tenant-part.js';
