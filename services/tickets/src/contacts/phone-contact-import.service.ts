import { Inject, Injectable } from '@nestjs/common';
import {
  ContactImportMaxRows,
  ContactPhoneImportInput,
  Subjects,
  type ConnectionRecord,
  type ContactImportJob,
  type PhoneContactsCommand,
  type PhoneContactsResult,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { type CallContext, requireMember } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { BUS, LOGGER } from '@sb/platform/nest';
import { ConnectorsDirectory } from '../directories/connectors-directory.js';
import { ContactImportService } from './contact-import.service.js';

const ConnectionsTimeoutMs = 3_000;
/** Reading a large address book from the phone takes a while. */
const PhoneListTimeoutMs = 20_000;
const NameMax = 50;

/** The connection to read: the one asked for, else the default WhatsApp one, else any WhatsApp one. */
export const pickPhoneConnection = (
  connections: ConnectionRecord[],
  whatsappId: number | null,
): ConnectionRecord => {
  if (whatsappId !== null) {
    const found = connections.find((c) => c.id === whatsappId);
    if (!found) throw new AppError('ERR_NO_WAPP_FOUND');
    return found;
  }
  const phones = connections.filter((c) => c.channel === 'whatsapp');
  const chosen = phones.find((c) => c.isDefault) ?? phones[0];
  if (!chosen) throw new AppError('ERR_NO_DEF_WAPP_FOUND');
  return chosen;
};

/** The import rows of a phone's list: people only (no groups), one row per number, names cut to fit. */
export const phoneImportRows = (
  result: PhoneContactsResult,
): { name: string; number: string }[] => {
  const seen = new Set<string>();
  const rows: { name: string; number: string }[] = [];
  for (const entry of result.contacts ?? []) {
    if (entry.isGroup) continue;
    const number = String(entry.number ?? '').replace(/\D/g, '');
    if (number.length < 8 || seen.has(number)) continue;
    seen.add(number);
    const name = String(entry.name ?? '').trim() || number;
    rows.push({ name: name.slice(0, NameMax), number });
  }
  return rows.slice(0, ContactImportMaxRows);
};

/**
 * POST /contacts/import and /contacts/import/chats (spec 2 §7): asks connectors for the people the
 * connection's phone knows (its address book or its chats) and imports them through the paced,
 * resumable sheet import, so progress and failures reach the screen the same way. A connection without
 * a phone (Cloud API, Facebook, Instagram), or a connector that cannot list it, answers
 * ERR_WAPP_IMPORT_UNSUPPORTED; a phone that is not connected, ERR_WAPP_NOT_INITIALIZED.
 */
@Injectable()
export class PhoneContactImportService {
  constructor(
    private readonly imports: ContactImportService,
    private readonly connectors: ConnectorsDirectory,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async start(
    call: CallContext,
    data: unknown,
    source: PhoneContactsCommand['source'],
  ): Promise<ContactImportJob> {
    const ctx = requireMember(call);
    const { whatsappId } = parseInput(ContactPhoneImportInput, data ?? {});
    const connections = await this.connectors.connectionsNow(ctx, ConnectionsTimeoutMs);
    const connection = pickPhoneConnection(connections, whatsappId);
    if (connection.channel !== 'whatsapp') throw new AppError('ERR_WAPP_IMPORT_UNSUPPORTED');
    if (connection.status !== 'CONNECTED') throw new AppError('ERR_WAPP_NOT_INITIALIZED');
    const command: PhoneContactsCommand = { connectionId: connection.id, source };
    let result: PhoneContactsResult;
    try {
      result = await this.bus.request(
        Subjects.connectors.contactList,
        { ctx, data: command },
        { timeoutMs: PhoneListTimeoutMs },
      );
    } catch (err) {
      // nobody serves the command, or it never answered: this connection cannot do it
      if (
        err instanceof AppError &&
        (err.code === 'ERR_SERVICE_UNAVAILABLE' || err.code === 'ERR_SERVICE_TIMEOUT')
      ) {
        this.logger.warn({ err, connectionId: connection.id, source }, 'phone list unavailable');
        throw new AppError('ERR_WAPP_IMPORT_UNSUPPORTED');
      }
      throw err;
    }
    const rows = phoneImportRows(result);
    if (!rows.length) {
      throw new AppError('ERR_VALIDATION', {
        message: 'The phone has no contacts to import.',
        fields: { contacts: ['Empty'] },
      });
    }
    return this.imports.start(ctx, { rows });
  }
}
