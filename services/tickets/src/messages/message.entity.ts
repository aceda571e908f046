import type { MessageAck, MessageMediaType } from '@sb/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CompanyIdColumn, CreatedAtColumn, UpdatedAtColumn } from '@sb/platform/db';

/**
 * One message of a ticket (spec 1 §3 Message). The id is a uuid we generate; `wid` is the channel's own id
 * (null until the channel accepted an outbound message), unique per company when set.
 */
@Entity({ name: 'messages' })
export class Message {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  wid!: string | null;

  @CompanyIdColumn()
  companyId!: number;

  @Column({ name: 'ticket_id', type: 'integer' })
  ticketId!: number;

  /** the sender for inbound (the group member in groups); null for our own messages */
  @Column({ name: 'contact_id', type: 'integer', nullable: true })
  contactId!: number | null;

  @Column({ name: 'queue_id', type: 'integer', nullable: true })
  queueId!: number | null;

  /** the agent who sent it (null for inbound and bot texts) */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId!: number | null;

  @Column({ name: 'ticket_tracking_id', type: 'integer', nullable: true })
  ticketTrackingId!: number | null;

  @Column({ type: 'text', default: '' })
  body!: string;

  @Column({ name: 'from_me', type: 'boolean', default: false })
  fromMe!: boolean;

  @Column({ type: 'boolean', default: false })
  read!: boolean;

  @Column({ type: 'smallint', default: 0 })
  ack!: MessageAck;

  @Column({ name: 'media_type', type: 'varchar', length: 30, default: 'chat' })
  mediaType!: MessageMediaType;

  /** the storage key of the media (a signed URL is built from it when answering) */
  @Column({ name: 'media_key', type: 'varchar', length: 1000, nullable: true })
  mediaKey!: string | null;

  @Column({ name: 'media_name', type: 'varchar', length: 255, nullable: true })
  mediaName!: string | null;

  @Column({ name: 'is_deleted', type: 'boolean', default: false })
  isDeleted!: boolean;

  @Column({ name: 'is_edited', type: 'boolean', default: false })
  isEdited!: boolean;

  @Column({ name: 'is_forwarded', type: 'boolean', default: false })
  isForwarded!: boolean;

  /** an internal note: stored, never sent */
  @Column({ name: 'is_private', type: 'boolean', default: false })
  isPrivate!: boolean;

  @Column({ name: 'quoted_msg_id', type: 'uuid', nullable: true })
  quotedMsgId!: string | null;

  /** the group member's channel id for group messages */
  @Column({ type: 'varchar', length: 255, nullable: true })
  participant!: string | null;

  /** the raw channel payload needed for quotes and read receipts (kept small) */
  @Column({ name: 'data_json', type: 'jsonb', nullable: true })
  dataJson!: unknown;

  /** why the channel refused an outbound message (a catalogue code); null once accepted */
  @Column({ name: 'send_error', type: 'varchar', length: 60, nullable: true })
  sendError!: string | null;

  @CreatedAtColumn()
  createdAt!: Date;

  @UpdatedAtColumn()
  updatedAt!: Date;
}
