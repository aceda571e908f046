import { describeTenantRowSecurity } from '@sb/testing';
import { ticketsMigrations, ticketsTenantTables } from '../src/migrations/index.js';

describeTenantRowSecurity('tickets', ticketsMigrations, ticketsTenantTables);
