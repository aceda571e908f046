import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ChannelKinds,
  ExternalMaxMedias,
  ExternalSendInput,
  Subjects,
  type CheckContactCommand,
  type CheckContactResult,
  type ContactRecord,
  type ExternalSendReply,
  type RequestContext,
  type TicketStatus,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import type { CallContext } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { BUS, LOGGER, BusHandler } from '@sb/platform/nest';
import type { EntityManager } from 'typeorm';
import { isUniqueViolation, Transactions } from '@sb/platform/db';
import { z } from 'zod';
import { ContactsService } from '../contacts/contacts.service.js';
import { NumberVisibility, type NumberHiding } from '../directories/number-visibility.js';
import { signBody } from '../messages/message-placeholders.js';
import { MessageSending } from '../messages/message-sending.service.js';
import type { Ticket } from '../tickets/core/ticket.entity.js';
import { ConnectorsDirectory } from '../directories/connectors-directory.js';
import { IdentityDirectory } from '../directories/identity-directory.js';
import { TicketsRepository } from '../tickets/core/tickets.repository.js';
import { requireOwnMedias, StoredMediaInput } from '../messages/stored-medias.js';
import { closedFields, TicketWrites } from '../tickets/ticket-writes.js';
import { ApiUsageRepository } from './api-usage.repository.js';
import {
  adjustActiveTicket,
  hasContent,
  newTicketStatus,
  signatureName,
  takesPhoneNumbers,
  usageDay,
} from './external-send-rules.js';

const SendRequest = ExternalSendInput.extend({
  connectionId: z.number().int().positive(),
  channel: z.enum(ChannelKinds),
  medias: z.array(StoredMediaInput).max(ExternalMaxMedias).optional(),
});
type SendRequest = z.infer<typeof SendRequest>;
/** Where a send goes: the connection, and who takes a new or waiting ticket (and in which queue). */
export type TicketTarget = Pick<SendRequest, 'connectionId' | 'channel' | 'userId' | 'queueId'>;

/** onWhatsApp may take a while on a busy session. */
const CheckTimeoutMs = 15_000;

/** The number masking of one call (NumberVisibility). */
export type Hide = NumberHiding;

/**
 * `POST /api/messages/send` behind the gateway (spec 3 §2.18, BEHAVIOUR.md §9). The gateway resolved the
 * bearer token to its connection and company, checked the plan flag and stored the files; here: check the
 * number on the channel, upsert the contact, find or create its ticket on that connection, send through the
 * agents' send path, close without farewell when asked, and count the call for the day.
 */
@Injectable()
export class ExternalApiService {
  constructor(
    private readonly transactions: Transactions,
    private readonly contacts: ContactsService,
    private readonly visibility: NumberVisibility,
    private readonly tickets: TicketsRepository,
    private readonly writes: TicketWrites,
    private readonly identity: IdentityDirectory,
    private readonly connectors: ConnectorsDirectory,
    private readonly messages: MessageSending,
    private readonly usage: ApiUsageRepository,
    @Inject(BUS) private readonly bus: Bus,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @BusHandler(Subjects.tickets.externalSend)
  async send(call: CallContext, data: unknown): Promise<ExternalSendReply> {
    if (!(call.companyId > 0)) throw new AppError('ERR_SESSION_EXPIRED');
    const input = parseInput(SendRequest, data ?? {});
    const companyId = call.companyId;
    const medias = input.medias ?? [];
    if (!hasContent(input.body, medias.length)) {
      throw new AppError('ERR_VALIDATION', { fields: { body: ['Required'] } });
    }
    requireOwnMedias(medias, companyId);
    if (!takesPhoneNumbers(input.channel)) {
      throw new AppError('ERR_WAPP_INVALID_CONTACT', {
        message: 'This connection does not send to phone numbers.',
      });
    }
    // the company's own call; acting as the named user once that user is known to be the company's
    const ctx: RequestContext = {
      requestId: call.requestId || randomUUID(),
      companyId,
      userId: input.userId ?? 0,
      profile: 'admin',
      super: false,
      lang: call.lang,
    };
    const userName = input.userId ? await this.userName(ctx, input.userId) : null;
    if (input.queueId && !(await this.tickets.queueExists(companyId, input.queueId))) {
      throw new AppError('ERR_NO_QUEUE_FOUND');
    }
    const checked = await this.checkNumber(ctx, input.connectionId, input.number);
    const hide = await this.visibility.of(ctx);

    const contact = await this.retryOnRace(() =>
      this.transactions.inTenant(ctx.companyId, (manager) =>
        this.contacts.findOrCreateFromPeer(
          companyId,
          input.channel,
          { number: checked.number, ...(checked.lid ? { lid: checked.lid } : {}), isGroup: false },
          manager,
          hide.company,
        ),
      ),
    );
    if (!contact.active) throw new AppError('ERR_CONTACT_BLOCKED');
    const ticket = await this.retryOnRace(() => this.ticketFor(ctx, input, contact, hide));

    let body = input.body;
    if (input.sendSignature && body.trim()) {
      const connectionName = userName
        ? null
        : ((await this.connectors.connections(ctx)).get(input.connectionId)?.name ?? null);
      body = signBody(body, signatureName(userName, connectionName));
    }
    const sent = await this.messages.sendOnTicket(ctx, {
      ticketId: ticket.id,
      body,
      ...(medias.length ? { medias } : {}),
    });
    let ticketStatus: TicketStatus = ticket.status;
    if (input.closeTicket) ticketStatus = await this.close(ctx, ticket.id, hide);
    const count = await this.usage.increment(companyId, usageDay(new Date()));
    this.logger.info(
      { companyId, connectionId: input.connectionId, ticketId: ticket.id, count },
      'external API message accepted',
    );
    return {
      status: 'SUCCESS',
      ticketId: ticket.id,
      contactId: contact.id,
      messageIds: sent.map((message) => message.id),
      ticketStatus,
    };
  }

  /** The user's name; a user of another company (or none) is ERR_NO_USER_FOUND. */
  private async userName(ctx: RequestContext, userId: number): Promise<string> {
    try {
      return (await this.identity.user(ctx, userId)).name;
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      if (code === 'ERR_NO_USER_FOUND' || code === 'ERR_SESSION_EXPIRED') {
        throw new AppError('ERR_NO_USER_FOUND');
      }
      throw err;
    }
  }

  /** onWhatsApp (the Cloud API accepts any plausible number): the number as the channel knows it. */
  private async checkNumber(
    ctx: RequestContext,
    connectionId: number,
    number: string,
  ): Promise<CheckContactResult> {
    const command: CheckContactCommand = { connectionId, number };
    const result = await this.bus.request(
      Subjects.connectors.contactCheck,
      { ctx, data: command },
      { timeoutMs: CheckTimeoutMs },
    );
    if (!result.exists) throw new AppError('ERR_WAPP_INVALID_CONTACT');
    return { ...result, number: result.number.replace(/\D/g, '') || number };
  }

  /**
   * The contact's active ticket on the connection, adjusted to the call (adjustActiveTicket), or a new
   * one: open and held by the named user, else pending; in the named queue.
   */
  async ticketFor(
    ctx: RequestContext,
    input: TicketTarget,
    contact: Pick<ContactRecord, 'id'>,
    hide: Hide,
  ): Promise<Ticket> {
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const companyId = ctx.companyId;
      const active = await this.tickets.findActive(
        companyId,
        contact.id,
        input.connectionId,
        manager,
      );
      if (active) {
        const row = (await this.tickets.lock(companyId, active.id, manager)) ?? active;
        const change = adjustActiveTicket(row, input);
        if (!change) return row;
        const previousStatus = row.status;
        await this.tickets.update(manager, companyId, row.id, change);
        Object.assign(row, change);
        const now = new Date();
        if (change.userId) {
          await this.tickets.track(manager, row, {
            startedAt: now,
            userId: change.userId,
            queueId: row.queueId,
          });
          await this.tickets.addLog(manager, companyId, row.id, 'open', change.userId, row.queueId);
        } else if (change.queueId) {
          await this.tickets.track(manager, row, { queuedAt: now, queueId: change.queueId });
        }
        await this.writes.announce(ctx, manager, row.id, hide, previousStatus);
        return row;
      }
      return this.createTicket(ctx, manager, input, contact, hide);
    });
  }

  private async createTicket(
    ctx: RequestContext,
    manager: EntityManager,
    input: TicketTarget,
    contact: Pick<ContactRecord, 'id'>,
    hide: Hide,
  ): Promise<Ticket> {
    const status = newTicketStatus(input.userId);
    const now = new Date();
    const row = await this.tickets.insert(manager, ctx.companyId, {
      uuid: randomUUID(),
      status,
      isGroup: false,
      channel: input.channel,
      contactId: contact.id,
      whatsappId: input.connectionId,
      queueId: input.queueId ?? null,
      userId: status === 'open' ? (input.userId ?? null) : null,
    });
    await this.tickets.startTracking(manager, row, {
      queuedAt: row.queueId ? now : null,
      startedAt: status === 'open' ? now : null,
    });
    await this.tickets.addLog(manager, ctx.companyId, row.id, 'create', row.userId, row.queueId);
    if (status === 'open') {
      await this.tickets.addLog(manager, ctx.companyId, row.id, 'open', row.userId, row.queueId);
    }
    await this.writes.announce(ctx, manager, row.id, hide);
    return row;
  }

  /** closeTicket: closed at once, no farewell and no rating (BEHAVIOUR.md §9). */
  private async close(ctx: RequestContext, ticketId: number, hide: Hide): Promise<TicketStatus> {
    return this.transactions.inTenant(ctx.companyId, async (manager) => {
      const row = await this.tickets.lock(ctx.companyId, ticketId, manager);
      if (!row) throw new AppError('ERR_NO_TICKET_FOUND');
      if (row.status === 'closed') return row.status;
      const previousStatus = row.status;
      await this.writes.writeClose(manager, row, {
        // what an agent's close clears, the paused bot included
        fields: { status: 'closed', ...closedFields() },
        at: new Date(),
        log: 'closed',
        userId: ctx.userId > 0 ? ctx.userId : null,
      });
      await this.writes.announce(ctx, manager, row.id, hide, previousStatus);
      return 'closed';
    });
  }

  /** One retry when a concurrent call for the same number created the contact or ticket first. */
  async retryOnRace<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      return work();
    }
  }
}
