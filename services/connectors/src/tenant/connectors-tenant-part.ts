import type { SecretKeyring } from '@sb/platform/secrets';
import { keepGoneReferences, type CompanyRow, type TenantPart } from '@sb/platform/tenant';
import { sessionCipher, type AuthCipher } from '../baileys/auth-cipher.js';
import {
  connectionSecrets,
  openCredentials,
  sealCredentials,
} from '../connections/connection-secrets.js';
import { ConnectionsService } from '../connections/connections.service.js';
import { refuseTakenToken, sessionsStoppedByFence } from './imported-connection.repository.js';

/** The keys connectors' secrets are sealed with: channel credentials, and the Baileys auth state. */
export type ConnectorsKeys = { credentials: SecretKeyring; authState: AuthCipher };

/** This installation's keys, each built on first use (a row without secrets needs none). */
const installationKeys: ConnectorsKeys = {
  get credentials() {
    return connectionSecrets();
  },
  get authState() {
    return sessionCipher();
  },
};

/**
 * NOT NULL references that may outlive their row: a queue deleted in tickets since, a connection
 * deleted while rows keyed by it stayed (no foreign key ties them to it).
 */
const notNullReferences: Record<string, string[]> = {
  connection_queues: ['queue_id'],
  webhook_message_keys: ['connection_id'],
  whatsapp_auth_creds: ['connection_id'],
  whatsapp_auth_keys: ['connection_id'],
};

/** Tables of the Baileys auth state: `value` is bytea, sealed with the session key. */
const authStateTables = ['whatsapp_auth_creds', 'whatsapp_auth_keys'];

// row_to_json gives bytea as `\x<hex>`, and jsonb_populate_recordset reads it back the same way
const bytesOf = (hex: string) => Buffer.from(hex.replace(/^\\x/, ''), 'hex');
const hexOf = (bytes: Buffer) => `\\x${bytes.toString('hex')}`;

/** A row's secrets in clear, for a bundle (whose own encryption carries them). */
export function openConnectorsSecrets(
  table: string,
  row: CompanyRow,
  keys: ConnectorsKeys,
): CompanyRow {
  if (table === 'connections' && row.credentials && typeof row.credentials === 'object') {
    return {
      ...row,
      credentials: openCredentials(row.credentials as Record<string, string>, keys.credentials),
    };
  }
  if (authStateTables.includes(table) && typeof row.value === 'string') {
    return { ...row, value: keys.authState.decrypt(bytesOf(row.value)) };
  }
  return row;
}

/** A row's secrets from a bundle, sealed with this installation's keys. */
export function sealConnectorsSecrets(
  table: string,
  row: CompanyRow,
  keys: ConnectorsKeys,
): CompanyRow {
  if (table === 'connections' && row.credentials && typeof row.credentials === 'object') {
    return {
      ...row,
      credentials: sealCredentials(row.credentials as Record<string, string>, keys.credentials),
    };
  }
  if (authStateTables.includes(table) && typeof row.value === 'string') {
    return { ...row, value: hexOf(keys.authState.encrypt(row.value)) };
  }
  return row;
}

/**
 * Connectors' part in tenant operations: the company's sessions stop first, so none writes keys
 * while its rows go. A leaving company's sessions are logged out; a moved company's live on at the
 * target, so they are only stopped. An import brings the pairings (auth state), so the sessions that
 * were live start again without a new QR code.
 */
export const connectorsTenantPart: TenantPart = {
  shared: {
    webhook_deliveries: "Meta's raw deliveries before they reach a company; pruned once processed",
    worker_heartbeats: 'which session workers are alive',
    fenced_companies: "a tenant operation's fence (identity's state), not the company's data",
  },
  notMoved: {
    session_leases:
      "which worker of the source holds each session; the target's workers take their own",
    message_send_keys:
      "idempotency of the source's outbound sends, pruned hourly; a retry after the move is a new send",
  },
  references: {
    'connection_queues.queue_id': 'tickets.queues',
    'connections.integration_id': 'tickets.queue_integrations',
    'connections.prompt_id': 'tickets.prompts',
    // the queue a ticket is sent to after time_send_queue minutes
    'connections.send_id_queue': 'tickets.queues',
    'webhook_message_keys.connection_id': 'connectors.connections',
    // the source's delivery (a shared table that stays there): cleared in importRow
    'webhook_message_keys.delivery_id': null,
    'whatsapp_auth_creds.connection_id': 'connectors.connections',
    'whatsapp_auth_keys.connection_id': 'connectors.connections',
  },
  storageKeys: ['connections.greeting_media_attachment'],
  exportRow: async (table, row, { companyId, manager }) => {
    const opened = openConnectorsSecrets(table, row, installationKeys);
    // the export's fence stopped the company's live sessions: they travel as the live ones they were
    if (table !== 'connections') return opened;
    const stopped = await sessionsStoppedByFence(manager, companyId);
    return stopped.includes(row.id as number) ? { ...opened, status: 'CONNECTED' } : opened;
  },
  importRow: async (table, mapped, { source, manager }) => {
    const columns = notNullReferences[table];
    const row = columns ? keepGoneReferences(mapped, source, columns) : mapped;
    if (table === 'webhook_message_keys') return { ...row, delivery_id: null };
    if (table === 'connections') await refuseTakenToken(manager, row.id as number, row.token);
    // a QR code of the source is no use here: a session that needs one shows a fresh one
    const fresh = table === 'connections' ? { ...row, qrcode: null } : row;
    return sealConnectorsSecrets(table, fresh, installationKeys);
  },
  afterImport: async ({ companyId }, app) => {
    await app.get(ConnectionsService).startCompanySessions(companyId);
  },
  beforeErase: async ({ companyId, reason }, app) => ({
    sessions: await app
      .get(ConnectionsService)
      .stopCompanySessions(companyId, { logout: reason === 'leave' }),
  }),
};
