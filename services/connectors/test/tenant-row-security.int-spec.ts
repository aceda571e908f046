import { describeTenantRowSecurity } from '@sb/testing';
import { connectorsMigrations, connectorsTenantTables } from '../src/migrations/index.js';

describeTenantRowSecurity('connectors', connectorsMigrations, connectorsTenantTables);
