import type { MigrationInterface } from 'typeorm';
import { Projections1800000030000 } from './1800000030000-projections.js';
import {
  reportingTenantTables as firstTenantTables,
  TenantRowSecurity1800000040000,
} from './1800000040000-tenant-row-security.js';
import { CompanyZone1800000050000 } from './1800000050000-company-zone.js';
import { ReportFields1800000060000 } from './1800000060000-report-fields.js';
import { DashboardIndexes1800000140000 } from './1800000140000-dashboard-indexes.js';

/** Every reporting table under row-level security (the later migrations add theirs). */
export const reportingTenantTables = [...firstTenantTables, 'company_zone'] as const;

type MigrationClass = new () => MigrationInterface;

/**
 * reporting's own migrations, oldest first (the platform migrations, outbox and processed-event tables,
 * run before them at boot).
 */
export const reportingMigrations: MigrationClass[] = [
  Projections1800000030000,
  TenantRowSecurity1800000040000,
  CompanyZone1800000050000,
  ReportFields1800000060000,
  DashboardIndexes1800000140000,
];
