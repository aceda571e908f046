import { Inject, Injectable } from '@nestjs/common';
import {
  DomainEventTypes,
  type ConnectionRecord,
  type ContactListItemEventData,
  type ContactListItemsReloadedEventData,
  type RequestContext,
} from '@sb/contracts';
import { AppError } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { LOGGER } from '@sb/platform/nest';
import { Outbox } from '@sb/platform/outbox';
import { Transactions } from '@sb/platform/db';
import { CheckTimeoutMs, ConnectorsDirectory } from '../directories/connectors-directory.js';
import { ContactListsRepository } from './contact-lists.repository.js';
import { toItemRecord } from './contact-list-records.js';

const BatchSize = 200;
const Concurrency = 8;

/** The connection that checks numbers: the default WhatsApp one if connected, else any connected one. */
export const checkingConnection = (
  connections: Pick<ConnectionRecord, 'id' | 'channel' | 'status' | 'isDefault'>[],
): number | undefined => {
  const usable = connections.filter(
    (c) => (c.channel === 'whatsapp' || c.channel === 'whatsappapi') && c.status === 'CONNECTED',
  );
  return (usable.find((c) => c.isDefault) ?? usable[0])?.id;
};

/**
 * Whether each item's number has a messaging account (`isWhatsappValid`), asked of the connectors
 * service: `onWhatsApp` on a Baileys connection; a Cloud API connection answers every plausible number
 * as valid (Meta offers no check; a refused send says so later). Runs after the answer to the caller;
 * a number that cannot be checked now (no connected connection, the check failed) stays unknown (null).
 */
@Injectable()
export class NumberChecker {
  private readonly running = new Set<number>();

  constructor(
    private readonly connectors: ConnectorsDirectory,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly transactions: Transactions,
    private readonly lists: ContactListsRepository,
  ) {}

  /** Checks the unchecked items of a list in the background; one pass per list at a time. */
  checkList(ctx: RequestContext, listId: number, single?: number): void {
    if (single === undefined && this.running.has(listId)) return;
    if (single === undefined) this.running.add(listId);
    void this.pass(ctx, listId, single)
      .catch((err: unknown) => this.logger.warn({ err, listId }, 'number check pass failed'))
      .finally(() => {
        if (single === undefined) this.running.delete(listId);
      });
  }

  /** Resolves when no pass is running (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  private async pass(ctx: RequestContext, listId: number, single?: number): Promise<void> {
    const connections = await this.connectors.connections(ctx, CheckTimeoutMs);
    const connectionId = checkingConnection(connections);
    if (connectionId === undefined) return;
    let afterId = 0;
    let changed = 0;
    for (;;) {
      const batch = single
        ? await this.singleBatch(ctx.companyId, single)
        : await this.lists.unchecked(ctx.companyId, listId, afterId, BatchSize);
      if (batch.length === 0) break;
      afterId = batch[batch.length - 1]!.id;
      for (let i = 0; i < batch.length; i += Concurrency) {
        const answers = await Promise.all(
          batch.slice(i, i + Concurrency).map(async (item) => {
            const result = await this.check(ctx, connectionId, item.number);
            if (result === 'unknown') return false;
            const row = await this.lists.markChecked(
              ctx.companyId,
              item.id,
              result.valid,
              result.number,
            );
            if (row && single) await this.announceItem(ctx.companyId, row);
            return true;
          }),
        );
        changed += answers.filter(Boolean).length;
        // the connection went away: the rest stays unknown
        if (answers.length > 0 && answers.every((answered) => !answered)) {
          return this.done(ctx, listId, changed, single);
        }
      }
      if (single) break;
    }
    await this.done(ctx, listId, changed, single);
  }

  private async singleBatch(companyId: number, id: number) {
    const item = await this.lists.findItem(companyId, id);
    return item && item.is_whatsapp_valid === null ? [{ id: item.id, number: item.number }] : [];
  }

  private async done(ctx: RequestContext, listId: number, changed: number, single?: number) {
    if (single || changed === 0) return;
    const data: ContactListItemsReloadedEventData = { contactListId: listId };
    await this.transactions.inTenant(ctx.companyId, (manager) =>
      Outbox.add(manager, {
        companyId: ctx.companyId,
        ...DomainEventTypes.campaigns.contactListItemsReloaded,
        data,
      }),
    );
  }

  private async announceItem(companyId: number, row: Parameters<typeof toItemRecord>[0]) {
    const data: ContactListItemEventData = { record: toItemRecord(row) };
    await this.transactions.inTenant(companyId, (manager) =>
      Outbox.add(manager, {
        companyId,
        ...DomainEventTypes.campaigns.contactListItemUpdated,
        data,
      }),
    );
  }

  private async check(
    ctx: RequestContext,
    connectionId: number,
    number: string,
  ): Promise<{ valid: boolean; number: string | null } | 'unknown'> {
    try {
      const result = await this.connectors.checkContact(ctx, connectionId, number);
      const digits = result.number.replace(/\D/g, '');
      return result.exists
        ? { valid: true, number: digits.length >= 8 ? digits : null }
        : { valid: false, number: null };
    } catch (err) {
      if (err instanceof AppError && err.code === 'ERR_WAPP_INVALID_CONTACT') {
        return { valid: false, number: null };
      }
      this.logger.debug({ err, connectionId }, 'number check unanswered');
      return 'unknown';
    }
  }
}
