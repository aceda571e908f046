import { Injectable } from '@nestjs/common';
import {
  Subjects,
  type CheckContactCommand,
  type CheckContactResult,
  type ContactPictureCommand,
  type ContactPictureResult,
  type EditMessageCommand,
  type NotificationSendReply,
  type NotificationSendRequest,
  type PhoneContactsCommand,
  type PhoneContactsResult,
  type ReadMessagesCommand,
  type RevokeMessageCommand,
  type SendMessageCommand,
  type SendMessageResult,
} from '@sb/contracts';
import type { CallContext } from '@sb/platform/context';
import { BusHandler } from '@sb/platform/nest';
import { companyCaller } from '../connections/connection-rules.js';
import { ChannelCommandsService } from './channel-commands.service.js';

/** Commands come from services acting for a company: the company is the caller's, never the payload's. */
const companyOf = (ctx: CallContext): number => companyCaller(ctx).companyId;

@Injectable()
export class ChannelCommandsHandler {
  constructor(private readonly commands: ChannelCommandsService) {}

  @BusHandler(Subjects.connectors.messageSend)
  send(ctx: CallContext, data: SendMessageCommand): Promise<SendMessageResult> {
    return this.commands.send(companyOf(ctx), data);
  }

  @BusHandler(Subjects.connectors.messageRevoke)
  revoke(ctx: CallContext, data: RevokeMessageCommand): Promise<{ ok: true }> {
    return this.commands.revoke(companyOf(ctx), data);
  }

  @BusHandler(Subjects.connectors.messageEdit)
  edit(ctx: CallContext, data: EditMessageCommand): Promise<{ ok: true }> {
    return this.commands.edit(companyOf(ctx), data);
  }

  @BusHandler(Subjects.connectors.messageRead)
  read(ctx: CallContext, data: ReadMessagesCommand): Promise<{ ok: true }> {
    return this.commands.markRead(companyOf(ctx), data);
  }

  @BusHandler(Subjects.connectors.contactCheck)
  checkContact(ctx: CallContext, data: CheckContactCommand): Promise<CheckContactResult> {
    return this.commands.checkContact(companyOf(ctx), data);
  }

  @BusHandler(Subjects.connectors.contactPicture)
  picture(ctx: CallContext, data: ContactPictureCommand): Promise<ContactPictureResult> {
    return this.commands.picture(companyOf(ctx), data);
  }

  @BusHandler(Subjects.connectors.contactList)
  phoneContacts(ctx: CallContext, data: PhoneContactsCommand): Promise<PhoneContactsResult> {
    return this.commands.phoneContacts(companyOf(ctx), data);
  }

  /** Anonymous callers too (password reset): the company comes with the request. */
  @BusHandler(Subjects.connectors.notificationSend)
  notify(_ctx: CallContext, data: NotificationSendRequest): Promise<NotificationSendReply> {
    return this.commands.notify(data);
  }
}
