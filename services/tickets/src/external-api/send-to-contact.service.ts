import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  isErrorCode,
  SendToContactCommand,
  type ChannelKind,
  type ConnectionRecord,
  type RequestContext,
  type SendToContactReply,
  Subjects,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { AppError, parseInput } from '@sb/platform/errors';
import type { Logger } from '@sb/platform/logger';
import { LOGGER, BusHandler } from '@sb/platform/nest';
import { ContactsService } from '../contacts/contacts.service.js';
import { ConnectorsDirectory } from '../directories/connectors-directory.js';
import { NumberVisibility } from '../directories/number-visibility.js';
import { MessageSending } from '../messages/message-sending.service.js';
import { pickDefaultConnection } from './contact-send-rules.js';
import { ExternalApiService } from './external-api.service.js';

const ConnectionsTimeoutMs = 5_000;

/**
 * `tickets.message.send-to-contact`, the schedule sender's command (BEHAVIOUR.md §6 Schedules): the body
 * to a contact through the company's default connection, on the contact's ticket there (found, or
 * created open for the schedule's owner like an external API call naming a user), through the agents'
 * send path. Refusals are catalogue codes the schedule keeps (ERR_NO_CONTACT_FOUND, ERR_CONTACT_BLOCKED,
 * ERR_NO_DEF_WAPP_FOUND, ERR_WAPP_NOT_INITIALIZED); connectors not answering passes through as
 * ERR_SERVICE_TIMEOUT / ERR_SERVICE_UNAVAILABLE, which the sender retries. The message stored on the
 * ticket and then refused by the channel is answered as `sendError` (the ticket shows the same code).
 */
@Injectable()
export class SendToContactService {
  constructor(
    private readonly contacts: ContactsService,
    private readonly external: ExternalApiService,
    private readonly messages: MessageSending,
    private readonly connectors: ConnectorsDirectory,
    private readonly numbers: NumberVisibility,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @BusHandler(Subjects.tickets.messageSendToContact)
  async send(call: CallContext, data: unknown): Promise<SendToContactReply> {
    if (!(call.companyId > 0)) throw new AppError('ERR_SESSION_EXPIRED');
    const input = parseInput(SendToContactCommand, data ?? {});
    const userId = input.userId;
    // the company's own send, as the schedule's owner: no ticket visibility applies
    const ctx: RequestContext = {
      requestId: call.requestId || randomUUID(),
      companyId: call.companyId,
      userId,
      profile: 'admin',
      super: false,
      lang: call.lang,
    };
    const contact = await this.contacts.get(ctx, { id: input.contactId });
    if (!contact.active) throw new AppError('ERR_CONTACT_BLOCKED');
    const connection = pickDefaultConnection(await this.connections(ctx), contact.channel);
    const hide = await this.numbers.of(ctx);
    const ticket = await this.external.retryOnRace(() =>
      this.external.ticketFor(
        ctx,
        {
          connectionId: connection.id,
          channel: connection.channel as ChannelKind,
          userId,
          queueId: undefined,
        },
        contact,
        hide,
      ),
    );
    // the answer waits for the channel: a refusal (the 24-hour window, …) is the schedule's failure
    const sent = await this.messages.sendOnTicket(
      ctx,
      { ticketId: ticket.id, body: input.body },
      { awaitSend: true },
    );
    const refused = sent.find((message) => message.sendError)?.sendError;
    const sendError = refused ? (isErrorCode(refused) ? refused : 'ERR_SENDING_WAPP_MSG') : null;
    this.logger.info(
      { companyId: ctx.companyId, connectionId: connection.id, ticketId: ticket.id, sendError },
      sendError ? 'scheduled message refused by the channel' : 'scheduled message sent',
    );
    return {
      ticketId: ticket.id,
      contactId: contact.id,
      connectionId: connection.id,
      messageIds: sent.map((message) => message.id),
      sendError,
    };
  }

  private connections(ctx: RequestContext): Promise<ConnectionRecord[]> {
    return this.connectors.connectionsNow(ctx, ConnectionsTimeoutMs);
  }
}
