import { IdentityInitial1763780400000 } from './1763780400000-identity-initial.js';
import { CompaniesInvoices1795322898862 } from './1795322898862-companies-invoices.js';
import { HelpsAnnouncements1795322795267 } from './1795322795267-helps-announcements.js';
import { PasswordResets1795323033388 } from './1795323033388-password-resets.js';
import { QueueReplica1800000002500 } from './1800000002500-queue-replica.js';
import { AccountThrottles1800000016000 } from './1800000016000-account-throttles.js';
import { TenantRowSecurity1800000090000 } from './1800000090000-tenant-row-security.js';

/** identity's migrations, oldest first (the platform runs its own before these). */
export const identityMigrations = [
  IdentityInitial1763780400000,
  HelpsAnnouncements1795322795267,
  CompaniesInvoices1795322898862,
  PasswordResets1795323033388,
  QueueReplica1800000002500,
  AccountThrottles1800000016000,
  TenantRowSecurity1800000090000,
];
export { identityTenantTables } from './1800000090000-tenant-row-security.js';
