import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module.js';
import { TicketCoreModule } from '../tickets/core/ticket-core.module.js';
import { ChannelSender } from './channel-sender.js';
import { MessageDeletion } from './message-deletion.js';
import { MessageAcksConsumer } from './message-acks.consumer.js';
import { MessageActions } from './message-actions.service.js';
import { MessageForwarding } from './message-forwarding.service.js';
import { MessageLookups } from './message-lookups.js';
import { MessageQueries } from './message-queries.service.js';
import { MessageSending } from './message-sending.service.js';
import { MessageStore } from './message-store.js';
import { MessagesRepository } from './messages.repository.js';
import { OutboundMessages } from './outbound-messages.js';

/** Messages of tickets: list, send, edit, revoke, forward, acks and read marking. */
@Module({
  imports: [TicketCoreModule, MediaModule],
  providers: [
    MessagesRepository,
    ChannelSender,
    MessageLookups,
    MessageStore,
    MessageQueries,
    MessageSending,
    MessageActions,
    MessageForwarding,
    MessageAcksConsumer,
    OutboundMessages,
    MessageDeletion,
  ],
  exports: [MessagesRepository, OutboundMessages, MessageSending, MessageDeletion],
})
export class MessagesModule {}
