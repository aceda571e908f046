import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { TicketCoreModule } from '../ticket-core/ticket-core.module.js';
import { ChannelSender } from './channel-sender.js';
import { MessageDeletion } from './message-deletion.js';
import { MessageAcksConsumer } from './message-acks.consumer.js';
import { MessagesHandler } from './messages.handler.js';
import { MessagesRepository } from './messages.repository.js';
import { MessagesService } from './messages.service.js';
import { OutboundMessages } from './outbound-messages.js';

/** Messages of tickets: list, send, edit, revoke, forward, acks and read marking. */
@Module({
  imports: [TicketCoreModule, MediaModule],
  providers: [
    MessagesRepository,
    ChannelSender,
    MessagesService,
    MessagesHandler,
    MessageAcksConsumer,
    OutboundMessages,
    MessageDeletion,
  ],
  exports: [MessagesRepository, OutboundMessages, MessagesService, MessageDeletion],
})
export class MessagesModule {}
