import type { MigrationInterface } from 'typeorm';
import { Projections1800000030000 } from './1800000030000-projections.js';
import {
  reportingTenantTables as firstTenantTables,
  TenantRowSecurity1800000040000,
} from './1800000040000-tenant-row-security.js';
import { CompanyZone1800000050000 } from './1800000050000-company-zone.js';
import { ReportFields1800000060000 } from './1800000060000-report-fields.js';
import { NextResponses1800000130000 } from './1800000130000-next-responses.js';
import { BusinessHours1800000131000 } from './1800000131000-business-hours.js';
import { SlaTargets1800000132000 } from './1800000132000-sla-targets.js';

/** Every reporting table under row-level security (the later migrations add theirs). */
export const reportingTenantTables = [
  ...firstTenantTables,
  'company_zone',
  'ticket_message_mark',
  'company_hours',
  'queue_hours',
  'sla_target',
] as const;

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
  NextResponses1800000130000,
  BusinessHours1800000131000,
  SlaTargets1800000132000,
];
