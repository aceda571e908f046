import { IdentityInitial1763780400000 } from './1763780400000-identity-initial.js';
import { CompaniesInvoices1795322898862 } from './1795322898862-companies-invoices.js';
import { HelpsAnnouncements1795322795267 } from './1795322795267-helps-announcements.js';
import { PasswordResets1795323033388 } from './1795323033388-password-resets.js';
import { QueueReplica1800000002500 } from './1800000002500-queue-replica.js';
import { AccountThrottles1800000016000 } from './1800000016000-account-throttles.js';
import { AuditEntries1800000016500 } from './1800000016500-audit-entries.js';
import {
  TenantRowSecurity1800000090000,
  identityTenantTables as initialTenantTables,
} from './1800000090000-tenant-row-security.js';
import {
  ChatsRowSecurity1800000150001,
  InternalChats1800000150000,
  chatTenantTables,
} from './1800000150000-internal-chats.js';
import {
  PendingUserEvents1800000160000,
  PendingUserEventsRowSecurity1800000160001,
  pendingUserEventTables,
} from './1800000160000-pending-user-events.js';
import {
  TenantOperations1800000180000,
  TenantOperationsRowSecurity1800000180001,
  tenantOperationTables,
} from './1800000180000-tenant-operations.js';
import { TenantBundles1800000185000 } from './1800000185000-tenant-bundles.js';
import { CompanyFences1800000190000 } from './1800000190000-company-fences.js';

/** identity's migrations, oldest first (the platform runs its own before these). */
export const identityMigrations = [
  IdentityInitial1763780400000,
  HelpsAnnouncements1795322795267,
  CompaniesInvoices1795322898862,
  PasswordResets1795323033388,
  QueueReplica1800000002500,
  AccountThrottles1800000016000,
  AuditEntries1800000016500,
  TenantRowSecurity1800000090000,
  InternalChats1800000150000,
  ChatsRowSecurity1800000150001,
  PendingUserEvents1800000160000,
  PendingUserEventsRowSecurity1800000160001,
  TenantOperations1800000180000,
  TenantOperationsRowSecurity1800000180001,
  TenantBundles1800000185000,
  CompanyFences1800000190000,
];

/** Every table of identity with a company_id (row-level security). */
export const identityTenantTables = [
  ...initialTenantTables,
  ...chatTenantTables,
  ...pendingUserEventTables,
  ...tenantOperationTables,
];
