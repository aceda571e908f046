import { describeTenantRowSecurity } from '@sb/testing';
import { reportingMigrations, reportingTenantTables } from '../src/migrations/index.js';

describeTenantRowSecurity('reporting', reportingMigrations, reportingTenantTables);
