import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  Subjects,
  type ConnectionRecord,
  type MessageTemplate,
  type RequestContext,
  type SendMessageCommand,
  type SendMessageResult,
} from '@sb/contracts';
import type { Bus } from '@sb/platform/bus';
import { BUS } from '@sb/platform/nest';

const LookupTimeoutMs = 5_000;
/** A number check waits on the channel (WhatsApp's onWhatsApp); the checker reads connections as long. */
export const CheckTimeoutMs = 10_000;
/** Meta's template list may take a few pages of Graph calls. */
const TemplatesTimeoutMs = 20_000;
/** A channel send waits for the connection's governor and the channel's answer. */
const SendTimeoutMs = 60_000;

/** The company's own call, for work no user asked for (a campaign's sends). */
export const companyCall = (companyId: number): RequestContext => ({
  requestId: randomUUID(),
  companyId,
  userId: 0,
  profile: 'admin',
  super: false,
  lang: 'es',
});

/**
 * What campaigns asks connectors: the company's connections, a Cloud API connection's approved
 * templates, one message sent on one, and whether a number has an account.
 */
@Injectable()
export class ConnectorsDirectory {
  constructor(@Inject(BUS) private readonly bus: Bus) {}

  connections(ctx: RequestContext, timeoutMs = LookupTimeoutMs): Promise<ConnectionRecord[]> {
    return this.bus.request(Subjects.connectors.connectionList, { ctx, data: {} }, { timeoutMs });
  }

  /** Whether `number` has a messaging account, asked on one connection. */
  checkContact(ctx: RequestContext, connectionId: number, number: string) {
    return this.bus.request(
      Subjects.connectors.contactCheck,
      { ctx, data: { connectionId, number } },
      { timeoutMs: CheckTimeoutMs },
    );
  }

  templates(ctx: RequestContext, connectionId: number): Promise<MessageTemplate[]> {
    return this.bus.request(
      Subjects.connectors.templateList,
      { ctx, data: { connectionId } },
      { timeoutMs: TemplatesTimeoutMs },
    );
  }

  /** Straight to the channel: a campaign's message opens no ticket (one opens when the contact replies). */
  send(companyId: number, command: SendMessageCommand): Promise<SendMessageResult> {
    return this.bus.request(
      Subjects.connectors.messageSend,
      { ctx: companyCall(companyId), data: command },
      { timeoutMs: SendTimeoutMs },
    );
  }
}
