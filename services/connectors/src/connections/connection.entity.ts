import type {
  ChannelKind,
  ConnectionSendLimits,
  ConnectionStatus,
  WeekdaySchedule,
} from '@sb/contracts';
import { ConnectionSendLimitsOff } from '@sb/contracts';
import { Column, Entity } from 'typeorm';
import { CompanyIdColumn, CompanyRow } from '@sb/platform/db';
import { credentialsTransformer } from './connection-secrets.js';

const SendLimitsOffSql = JSON.stringify(ConnectionSendLimitsOff);

/** A connection (spec 2 §3 "whatsapp"): one channel session of a company and its bot knobs. */
@Entity({ name: 'connections' })
export class Connection extends CompanyRow {
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  number!: string | null;

  @Column({ type: 'varchar', length: 20 })
  channel!: ChannelKind;

  @Column({ type: 'varchar', length: 20, default: 'OPENING' })
  status!: ConnectionStatus;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault!: boolean;

  @Column({ type: 'text', nullable: true })
  qrcode!: string | null;

  @Column({ type: 'integer', default: 0 })
  retries!: number;

  @Column({ type: 'varchar', length: 255, nullable: true })
  token!: string | null;

  @Column({ name: 'greeting_message', type: 'text', nullable: true })
  greetingMessage!: string | null;

  @Column({ name: 'complation_message', type: 'text', nullable: true })
  complationMessage!: string | null;

  @Column({ name: 'out_of_hours_message', type: 'text', nullable: true })
  outOfHoursMessage!: string | null;

  @Column({ name: 'rating_message', type: 'text', nullable: true })
  ratingMessage!: string | null;

  @Column({ type: 'varchar', length: 40, default: 'beta' })
  provider!: string;

  @Column({ name: 'max_use_bot_queues', type: 'integer', default: 3 })
  maxUseBotQueues!: number;

  @Column({ name: 'time_use_bot_queues', type: 'integer', default: 0 })
  timeUseBotQueues!: number;

  @Column({ name: 'expires_ticket', type: 'integer', default: 0 })
  expiresTicket!: number;

  @Column({ name: 'expires_ticket_nps', type: 'integer', default: 0 })
  expiresTicketNPS!: number;

  @Column({ name: 'when_expires_ticket', type: 'varchar', length: 1, default: '0' })
  whenExpiresTicket!: '0' | '1';

  @Column({ name: 'expires_inactive_message', type: 'text', nullable: true })
  expiresInactiveMessage!: string | null;

  @Column({ name: 'time_inactive_message', type: 'integer', default: 0 })
  timeInactiveMessage!: number;

  @Column({ name: 'inactive_message', type: 'text', nullable: true })
  inactiveMessage!: string | null;

  @Column({ name: 'max_use_bot_queues_nps', type: 'integer', default: 3 })
  maxUseBotQueuesNPS!: number;

  @Column({ name: 'time_send_queue', type: 'integer', default: 0 })
  timeSendQueue!: number;

  @Column({ name: 'send_id_queue', type: 'integer', nullable: true })
  sendIdQueue!: number | null;

  @Column({ name: 'time_create_new_ticket', type: 'integer', default: 0 })
  timeCreateNewTicket!: number;

  @Column({ name: 'allow_group', type: 'boolean', default: false })
  allowGroup!: boolean;

  @Column({ name: 'group_as_ticket', type: 'varchar', length: 10, default: 'disabled' })
  groupAsTicket!: 'enabled' | 'disabled';

  @Column({ name: 'greeting_media_attachment', type: 'varchar', length: 500, nullable: true })
  greetingMediaAttachment!: string | null;

  @Column({ name: 'import_old_messages', type: 'varchar', length: 40, nullable: true })
  importOldMessages!: string | null;

  @Column({ name: 'import_recent_messages', type: 'varchar', length: 40, nullable: true })
  importRecentMessages!: string | null;

  @Column({ name: 'import_old_messages_groups', type: 'boolean', default: false })
  importOldMessagesGroups!: boolean;

  @Column({ name: 'closed_tickets_post_imported', type: 'boolean', default: false })
  closedTicketsPostImported!: boolean;

  @Column({ name: 'status_import_messages', type: 'varchar', length: 40, nullable: true })
  statusImportMessages!: string | null;

  @Column({ name: 'integration_id', type: 'integer', nullable: true })
  integrationId!: number | null;

  @Column({ name: 'prompt_id', type: 'integer', nullable: true })
  promptId!: number | null;

  @Column({ type: 'jsonb', default: () => `'[]'` })
  schedules!: WeekdaySchedule[];

  @Column({ name: 'send_limits', type: 'jsonb', default: () => `'${SendLimitsOffSql}'` })
  sendLimits!: ConnectionSendLimits;

  /** channel secrets, see DriverConnection in drivers/channel-driver.ts; sealed at rest */
  @Column({ type: 'jsonb', default: () => `'{}'`, transformer: credentialsTransformer })
  credentials!: Record<string, string>;

  @Column({ name: 'external_id', type: 'varchar', length: 120, nullable: true })
  externalId!: string | null;
}

/** The queues a connection routes to (queues live in the tickets service: ids only). */
@Entity({ name: 'connection_queues' })
export class ConnectionQueue {
  @Column({ name: 'connection_id', type: 'integer', primary: true })
  connectionId!: number;

  @Column({ name: 'queue_id', type: 'integer', primary: true })
  queueId!: number;

  @CompanyIdColumn()
  companyId!: number;
}
