import type { CompanyUsage, TenantTableRef } from '@sb/contracts';
import type { SecretKeyring } from '@sb/platform/secrets';
import {
  keepGoneReferences,
  type CompanyRow,
  type IdMaps,
  type TenantPart,
} from '@sb/platform/tenant';
import { companyPrefix, type ListedObject } from '@sb/storage';
import { botSecretsKeyring } from '../bot/secrets/bot-secrets.js';
import { MediaStorage } from '../media/media-storage.js';
import type { ExternalBot, ReplyPayload } from '../tickets/core/automation-jobs.js';

type MediaUsage = Pick<CompanyUsage, 'companyId' | 'mediaBytes' | 'objects'>;

// every company's objects live below `company-<id>/`
const companyOfKey = /^company-(\d+)\//;

/** The objects listed, added up per company (the key's prefix says whose). */
function mediaPerCompany(objects: ListedObject[], companyIds: number[]): MediaUsage[] {
  const usage = new Map<number, MediaUsage>(
    companyIds.map((companyId) => [companyId, { companyId, mediaBytes: 0, objects: 0 }]),
  );
  for (const { key, size } of objects) {
    const companyId = Number(companyOfKey.exec(key)?.[1]);
    if (!companyId) continue;
    const company = usage.get(companyId) ?? { companyId, mediaBytes: 0, objects: 0 };
    usage.set(companyId, {
      companyId,
      mediaBytes: company.mediaBytes! + size,
      objects: company.objects! + 1,
    });
  }
  return [...usage.values()];
}

/** NOT NULL references that may outlive their row (a user or ticket deleted since). */
const notNullReferences: Record<string, string[]> = {
  automation_jobs: ['ticket_id'],
  contact_import_jobs: ['user_id'],
  file_lists: ['user_id'],
  quick_messages: ['user_id'],
  ticket_notes: ['user_id'],
  ticket_tags: ['ticket_id'],
};

/** The bot secrets sealed with the installation's keys (BotSecrets), per table. */
const sealedColumns: Record<string, string[]> = {
  prompts: ['api_key_sealed', 'voice_key_sealed'],
  queue_integrations: ['json_content'],
};

/** A row's bot secrets in clear, for a bundle (whose own encryption carries them). */
export function openBotSecrets(table: string, row: CompanyRow, ring: SecretKeyring): CompanyRow {
  const columns = sealedColumns[table];
  if (!columns) return row;
  const open = { ...row };
  for (const column of columns) {
    const value = row[column];
    if (typeof value === 'string' && value) open[column] = ring.open(value);
  }
  return open;
}

/** A row's bot secrets from a bundle, sealed with this installation's current key. */
export function sealBotSecrets(table: string, row: CompanyRow, ring: SecretKeyring): CompanyRow {
  const columns = sealedColumns[table];
  if (!columns) return row;
  const sealed = { ...row };
  for (const column of columns) {
    const value = row[column];
    if (typeof value === 'string' && value) sealed[column] = ring.seal(value);
  }
  return sealed;
}

/** A storage key of the source company, moved under the imported company's prefix. */
const movedKey = (key: string, from: number, to: number) =>
  key.startsWith(companyPrefix(from))
    ? companyPrefix(to) + key.slice(companyPrefix(from).length)
    : key;

/**
 * A pending bot job's payload with its ids and storage keys mapped: the file list, the external bot
 * (a queue integration or a prompt), the greeting media and the contact's media handed to the bot.
 */
export function mapJobPayload(
  payload: ReplyPayload,
  maps: IdMaps,
  companies: { from: number; to: number },
): ReplyPayload {
  const id = (ref: TenantTableRef, value: number) => maps.get(ref)?.get(value) ?? null;
  const mapped: ReplyPayload = { ...payload };
  if (payload.fileListId !== undefined) {
    const fileListId = id('tickets.file_lists', payload.fileListId);
    if (fileListId === null) delete mapped.fileListId;
    else mapped.fileListId = fileListId;
  }
  if (payload.greetingMedia) {
    const { key } = payload.greetingMedia;
    mapped.greetingMedia = {
      ...payload.greetingMedia,
      key: movedKey(key, companies.from, companies.to),
    };
  }
  if (payload.handOff) {
    const { bot, message } = payload.handOff;
    const botId =
      'integrationId' in bot
        ? id('tickets.queue_integrations', bot.integrationId)
        : id('tickets.prompts', bot.promptId);
    const mappedBot: ExternalBot | null =
      botId === null
        ? null
        : 'integrationId' in bot
          ? { integrationId: botId }
          : { promptId: botId };
    // a bot gone before the export: the job has nobody to hand the message to
    if (mappedBot === null) delete mapped.handOff;
    else {
      const mediaKey = message?.mediaKey;
      mapped.handOff = {
        bot: mappedBot,
        message:
          message && mediaKey
            ? { ...message, mediaKey: movedKey(mediaKey, companies.from, companies.to) }
            : message,
      };
    }
  }
  return mapped;
}

/**
 * Tickets' part in tenant operations. Every service and the gateway write media below the company's
 * storage prefix; tickets owns the media store, so it removes the prefix as a set and weighs it.
 */
export const ticketsTenantPart: TenantPart = {
  shared: {
    fenced_companies: "a tenant operation's fence (identity's state), not the company's data",
  },
  references: {
    // a pending bot job of the ticket (no foreign key: jobs outlive nothing, a stale one is harmless)
    'automation_jobs.ticket_id': 'tickets.tickets',
    'chatbots.opt_user_id': 'identity.users',
    'chatbots.opt_integration_id': 'tickets.queue_integrations',
    'chatbots.opt_file_id': 'tickets.file_lists',
    'contact_import_jobs.user_id': 'identity.users',
    'file_lists.user_id': 'identity.users',
    'messages.queue_id': 'tickets.queues',
    'messages.user_id': 'identity.users',
    'messages.ticket_tracking_id': 'tickets.ticket_tracking',
    'queues.integration_id': 'tickets.queue_integrations',
    'queues.file_list_id': 'tickets.file_lists',
    'queues.prompt_id': 'tickets.prompts',
    'quick_messages.user_id': 'identity.users',
    'tags.user_id': 'identity.users',
    'ticket_logs.user_id': 'identity.users',
    'ticket_logs.queue_id': 'tickets.queues',
    'ticket_notes.user_id': 'identity.users',
    'ticket_tags.ticket_id': 'tickets.tickets',
    'ticket_tracking.user_id': 'identity.users',
    'ticket_tracking.queue_id': 'tickets.queues',
    'ticket_tracking.whatsapp_id': 'connectors.connections',
    'tickets.whatsapp_id': 'connectors.connections',
    'tickets.queue_id': 'tickets.queues',
    'tickets.user_id': 'identity.users',
    'tickets.integration_id': 'tickets.queue_integrations',
    'tickets.prompt_id': 'tickets.prompts',
    'tickets.chatbot_id': 'tickets.chatbots',
    'tickets.routed_user_id': 'identity.users',
  },
  storageKeys: ['messages.media_key', 'file_list_options.path', 'quick_messages.media_path'],
  // the keyring is built only for the tables that hold secrets (it needs the service's keys)
  exportRow: (table, row) =>
    sealedColumns[table] ? openBotSecrets(table, row, botSecretsKeyring()) : row,
  importRow: (table, row, { request, maps, source }) => {
    const columns = notNullReferences[table];
    const kept = columns ? keepGoneReferences(row, source, columns) : row;
    if (table === 'automation_jobs' && kept.payload) {
      const companies = { from: request.sourceCompanyId, to: request.companyId! };
      return { ...kept, payload: mapJobPayload(kept.payload as ReplyPayload, maps, companies) };
    }
    return sealedColumns[table] ? sealBotSecrets(table, kept, botSecretsKeyring()) : kept;
  },
  beforeErase: async ({ companyId }, app) => {
    const storage = await app.get(MediaStorage).get();
    const keys = await storage.list(companyPrefix(companyId));
    for (const key of keys) await storage.remove(key);
    return { objects: keys.length };
  },
  usageOutside: async (companyIds, app) => {
    const storage = await app.get(MediaStorage).get();
    const listed =
      companyIds.length === 0
        ? await storage.listWithSizes('company-')
        : (
            await Promise.all(companyIds.map((id) => storage.listWithSizes(companyPrefix(id))))
          ).flat();
    return mediaPerCompany(listed, companyIds);
  },
};
