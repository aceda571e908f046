import type { TicketLogType, TicketStatus } from '@sb/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyIdColumn, CompanyRow, CreatedAtColumn } from '@sb/platform/db';

/**
 * One conversation with a contact on a connection (spec 1 §3). At most one active (pending, open, group,
 * nps, lgpd) ticket per (company, contact, connection): a partial unique index enforces it.
 */
@Entity({ name: 'tickets' })
export class Ticket extends CompanyRow {
  @Column({ type: 'uuid' })
  uuid!: string;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status!: TicketStatus;

  @Column({ name: 'is_group', type: 'boolean', default: false })
  isGroup!: boolean;

  /** true while the bot (queue menu, chatbot, integration) talks to the contact */
  @Column({ name: 'is_bot', type: 'boolean', default: false })
  isBot!: boolean;

  @Column({ type: 'varchar', length: 20, default: 'whatsapp' })
  channel!: string;

  @Column({ name: 'contact_id', type: 'integer' })
  contactId!: number;

  @Column({ name: 'whatsapp_id', type: 'integer', nullable: true })
  whatsappId!: number | null;

  @Column({ name: 'queue_id', type: 'integer', nullable: true })
  queueId!: number | null;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId!: number | null;

  @Column({ name: 'unread_messages', type: 'integer', default: 0 })
  unreadMessages!: number;

  @Column({ name: 'last_message', type: 'text', default: '' })
  lastMessage!: string;

  /** who spoke last: true for the agent/bot, false for the contact, null before any message */
  @Column({ name: 'from_me', type: 'boolean', nullable: true })
  fromMe!: boolean | null;

  @Column({ name: 'amount_used_bot_queues', type: 'integer', default: 0 })
  amountUsedBotQueues!: number;

  @Column({ name: 'amount_used_bot_queues_nps', type: 'integer', default: 0 })
  amountUsedBotQueuesNps!: number;

  @Column({ name: 'use_integration', type: 'boolean', default: false })
  useIntegration!: boolean;

  @Column({ name: 'integration_id', type: 'integer', nullable: true })
  integrationId!: number | null;

  @Column({ name: 'prompt_id', type: 'integer', nullable: true })
  promptId!: number | null;

  /** the chatbot option the contact is at (queue chatbot tree stage) */
  @Column({ name: 'chatbot_id', type: 'integer', nullable: true })
  chatbotId!: number | null;

  @Column({ name: 'typebot_session_id', type: 'varchar', length: 255, nullable: true })
  typebotSessionId!: string | null;

  @Column({ name: 'typebot_status', type: 'boolean', default: false })
  typebotStatus!: boolean;

  @Column({ name: 'typebot_session_at', type: 'timestamptz', nullable: true })
  typebotSessionAt!: Date | null;

  @Column({ name: 'send_inactive_message', type: 'boolean', default: false })
  sendInactiveMessage!: boolean;

  /** when the bot last asked (menu, re-ask, out-of-hours): re-asks wait timeUseBotQueues minutes */
  @Column({ name: 'bot_asked_at', type: 'timestamptz', nullable: true })
  botAskedAt!: Date | null;

  /** an external bot handed the ticket to people: the connection's bot stays out until it closes */
  @Column({ name: 'bot_stopped_at', type: 'timestamptz', nullable: true })
  botStoppedAt!: Date | null;

  @Column({ name: 'is_out_of_hour', type: 'boolean', default: false })
  isOutOfHour!: boolean;

  @Column({ name: 'lgpd_send_message_at', type: 'timestamptz', nullable: true })
  lgpdSendMessageAt!: Date | null;

  @Column({ name: 'lgpd_accepted_at', type: 'timestamptz', nullable: true })
  lgpdAcceptedAt!: Date | null;

  @Column({ type: 'boolean', default: false })
  imported!: boolean;

  /** on-duty (plantão) alert throttle */
  @Column({ name: 'next_notify_at', type: 'timestamptz', nullable: true })
  nextNotifyAt!: Date | null;

  /** the rating (0–10) of the last finished cycle, null when not rated */
  @Column({ name: 'user_rating', type: 'smallint', nullable: true })
  userRating!: number | null;
}

/** One service cycle of a ticket (for reports): open while finishedAt is null. */
@Entity({ name: 'ticket_tracking' })
export class TicketTracking extends CompanyRow {
  @Column({ name: 'ticket_id', type: 'integer' })
  ticketId!: number;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId!: number | null;

  @Column({ name: 'queue_id', type: 'integer', nullable: true })
  queueId!: number | null;

  @Column({ name: 'whatsapp_id', type: 'integer', nullable: true })
  whatsappId!: number | null;

  @Column({ name: 'queued_at', type: 'timestamptz', nullable: true })
  queuedAt!: Date | null;

  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'chatbot_at', type: 'timestamptz', nullable: true })
  chatbotAt!: Date | null;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt!: Date | null;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  @Column({ name: 'rating_at', type: 'timestamptz', nullable: true })
  ratingAt!: Date | null;

  @Column({ type: 'smallint', nullable: true })
  rating!: number | null;

  @Column({ type: 'boolean', default: false })
  rated!: boolean;
}

/** The ticket's timeline (GET /tickets-log/:ticketId). */
@Entity({ name: 'ticket_logs' })
export class TicketLog {
  @PrimaryGeneratedColumn()
  id!: number;

  @CompanyIdColumn()
  companyId!: number;

  @Column({ name: 'ticket_id', type: 'integer' })
  ticketId!: number;

  @Column({ type: 'varchar', length: 20 })
  type!: TicketLogType;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId!: number | null;

  @Column({ name: 'queue_id', type: 'integer', nullable: true })
  queueId!: number | null;

  @CreatedAtColumn()
  createdAt!: Date;
}

/** An agent's note about a ticket's contact. */
@Entity({ name: 'ticket_notes' })
export class TicketNote extends CompanyRow {
  @Column({ name: 'ticket_id', type: 'integer' })
  ticketId!: number;

  @Column({ name: 'contact_id', type: 'integer' })
  contactId!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ type: 'text' })
  note!: string;
}
