import type { MigrationInterface } from 'typeorm';
import { Projections1800000030000 } from './1800000030000-projections.js';
import { TenantRowSecurity1800000040000 } from './1800000040000-tenant-row-security.js';

export { reportingTenantTables } from './1800000040000-tenant-row-security.js';

type MigrationClass = new () => MigrationInterface;

/**
 * reporting's own migrations, oldest first (the platform migrations, outbox and processed-event tables,
 * run before them at boot).
 */
export const reportingMigrations: MigrationClass[] = [
  Projections1800000030000,
  TenantRowSecurity1800000040000,
];
