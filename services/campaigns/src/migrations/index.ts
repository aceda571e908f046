import type { MigrationInterface } from 'typeorm';
import { Schedules1800000009000 } from './1800000009000-schedules.js';
import { Plantao1800000013000 } from './1800000013000-plantao.js';
import { ContactLists1800000020000 } from './1800000020000-contact-lists.js';
import {
  campaignsTenantTables as baseTenantTables,
  TenantRowSecurity1800000090000,
} from './1800000090000-tenant-row-security.js';
import {
  ContactListsRowSecurity1800000091000,
  contactListTenantTables,
} from './1800000091000-contact-lists-row-security.js';
import { Campaigns1800000092000 } from './1800000092000-campaigns.js';
import {
  CampaignsRowSecurity1800000093000,
  campaignTenantTables,
} from './1800000093000-campaigns-row-security.js';
import { CampaignReplies1800000094000 } from './1800000094000-campaign-replies.js';
import {
  CampaignRepliesRowSecurity1800000095000,
  campaignReplyTenantTables,
} from './1800000095000-campaign-replies-row-security.js';
import {
  ConnectionDays1800000100000,
  ConnectionDaysRowSecurity1800000100001,
  connectionDayTenantTables,
} from './1800000100000-connection-days.js';
import { CampaignTemplates1800000110000 } from './1800000110000-campaign-templates.js';
import { CampaignTagAudience1800000120000 } from './1800000120000-campaign-tag-audience.js';
import { CompanyFences1800000190000 } from './1800000190000-company-fences.js';

type MigrationClass = new () => MigrationInterface;

/**
 * campaigns's own migrations, oldest first (the platform migrations, outbox and processed-event tables,
 * run before them at boot).
 */
export const campaignsMigrations: MigrationClass[] = [
  Schedules1800000009000,
  Plantao1800000013000,
  ContactLists1800000020000,
  TenantRowSecurity1800000090000,
  ContactListsRowSecurity1800000091000,
  Campaigns1800000092000,
  CampaignsRowSecurity1800000093000,
  CampaignReplies1800000094000,
  CampaignRepliesRowSecurity1800000095000,
  ConnectionDays1800000100000,
  ConnectionDaysRowSecurity1800000100001,
  CampaignTemplates1800000110000,
  CampaignTagAudience1800000120000,
  CompanyFences1800000190000,
];

/** Every tenant table of campaigns (the row-security test checks the list against the schema). */
export const campaignsTenantTables = [
  ...baseTenantTables,
  ...contactListTenantTables,
  ...campaignTenantTables,
  ...campaignReplyTenantTables,
  ...connectionDayTenantTables,
];
