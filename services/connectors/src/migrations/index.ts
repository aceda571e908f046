import type { MigrationInterface } from 'typeorm';
import { Connections1800000001000 } from './1800000001000-connections.js';
import { SessionLeases1800000002000 } from './1800000002000-session-leases.js';
import { WebhookDeliveries1800000003000 } from './1800000003000-webhook-deliveries.js';
import { PhoneContactsAndTokenIndex1800000008000 } from './1800000008000-phone-contacts-and-token-index.js';
import {
  connectorsTenantTables as baseTenantTables,
  TenantRowSecurity1800000090000,
} from './1800000090000-tenant-row-security.js';
import { ConnectionSendLimits1800000100000 } from './1800000100000-connection-send-limits.js';
import { MessageSendKeys1800000120000 } from './1800000120000-message-send-keys.js';
import {
  MessageSendKeysRowSecurity1800000120001,
  sendKeyTenantTables,
} from './1800000120001-message-send-keys-row-security.js';
import { SessionHandovers1800000130000 } from './1800000130000-session-handovers.js';
import { CompanyFences1800000190000 } from './1800000190000-company-fences.js';

type MigrationClass = new () => MigrationInterface;

/**
 * connectors's own migrations, oldest first (the platform's outbox and processed-event tables run before them).
 */
export const connectorsMigrations: MigrationClass[] = [
  Connections1800000001000,
  SessionLeases1800000002000,
  WebhookDeliveries1800000003000,
  PhoneContactsAndTokenIndex1800000008000,
  TenantRowSecurity1800000090000,
  ConnectionSendLimits1800000100000,
  MessageSendKeys1800000120000,
  MessageSendKeysRowSecurity1800000120001,
  SessionHandovers1800000130000,
  CompanyFences1800000190000,
];

/** Every tenant table of connectors (the row-security test checks the list against the schema). */
export const connectorsTenantTables = [...baseTenantTables, ...sendKeyTenantTables];
