import { Module } from '@nestjs/common';
import { AutomationJobs } from '../automation/automation-jobs.js';
import { MediaUrls } from '../quick-messages/media-urls.js';
import { TicketDirectory } from '../tickets/ticket-directory.js';
import { ChannelDirectory } from './channel-directory.js';
import { ChannelSender } from './channel-sender.js';
import { MediaStorage } from './media-storage.js';
import { MessageDeletion } from './message-deletion.js';
import { MessageAcksConsumer } from './message-acks.consumer.js';
import { MessageTicketView } from './message-ticket-view.js';
import { MessagesHandler } from './messages.handler.js';
import { MessagesRepository } from './messages.repository.js';
import { MessagesService } from './messages.service.js';
import { OutboundMessages } from './outbound-messages.js';

/** Messages of tickets: list, send, edit, revoke, forward, acks and read marking. */
@Module({
  providers: [
    MediaUrls,
    TicketDirectory,
    MessagesRepository,
    ChannelDirectory,
    MessageTicketView,
    ChannelSender,
    MessagesService,
    MessagesHandler,
    MessageAcksConsumer,
    OutboundMessages,
    AutomationJobs,
    MediaStorage,
    MessageDeletion,
  ],
  exports: [OutboundMessages, MessagesService, MediaStorage, MessageDeletion],
})
export class MessagesModule {}
