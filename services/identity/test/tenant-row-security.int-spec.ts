import { describeTenantRowSecurity } from '@sb/testing';
import { identityMigrations, identityTenantTables } from '../src/migrations/index.js';

describeTenantRowSecurity('identity', identityMigrations, identityTenantTables);
