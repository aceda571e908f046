import { describeTenantRowSecurity } from '@sb/testing';
import { campaignsMigrations, campaignsTenantTables } from '../src/migrations/index.js';

describeTenantRowSecurity('campaigns', campaignsMigrations, campaignsTenantTables);
