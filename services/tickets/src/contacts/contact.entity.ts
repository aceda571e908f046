import type { ContactImportFailure } from '@sb/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyRow } from '@sb/platform/db';

/** A customer reachable on a channel; unique per (company, channel, number). */
@Entity({ name: 'contacts' })
export class Contact extends CompanyRow {
  @Column({ type: 'varchar', length: 255 })
  name!: string;

  @Column({ type: 'varchar', length: 100 })
  number!: string;

  /** WhatsApp's LID, kept so a number and its LID stay one contact */
  @Column({ type: 'varchar', length: 100, nullable: true })
  lid!: string | null;

  @Column({ type: 'varchar', length: 255, default: '' })
  email!: string;

  @Column({ type: 'varchar', length: 20, default: 'whatsapp' })
  channel!: string;

  @Column({ name: 'is_group', type: 'boolean', default: false })
  isGroup!: boolean;

  @Column({ type: 'boolean', default: true })
  active!: boolean;

  @Column({ name: 'disable_bot', type: 'boolean', default: false })
  disableBot!: boolean;

  @Column({ name: 'accept_audio_message', type: 'boolean', default: true })
  acceptAudioMessage!: boolean;

  @Column({ name: 'lgpd_accepted_at', type: 'timestamptz', nullable: true })
  lgpdAcceptedAt!: Date | null;

  @Column({ name: 'url_picture', type: 'varchar', length: 1000, nullable: true })
  urlPicture!: string | null;

  @Column({ name: 'search_name', type: 'varchar', length: 255, default: '' })
  searchName!: string;
}

@Entity({ name: 'contact_extra_info' })
export class ContactExtraInfoRow {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'contact_id', type: 'integer' })
  contactId!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'text', default: '' })
  value!: string;
}

/** A durable contact import: the rows, the cursor and the failures live here, not in memory. */
@Entity({ name: 'contact_import_jobs' })
export class ContactImportJobRow extends CompanyRow {
  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ type: 'jsonb' })
  rows!: unknown[];

  @Column({ type: 'integer' })
  total!: number;

  @Column({ type: 'integer', default: 0 })
  done!: number;

  @Column({ type: 'integer', default: 0 })
  created!: number;

  @Column({ type: 'integer', default: 0 })
  updated!: number;

  @Column({ name: 'failed_rows', type: 'jsonb', default: () => "'[]'" })
  failedRows!: ContactImportFailure[];

  @Column({ type: 'varchar', length: 10, default: 'running' })
  status!: 'running' | 'finished';

  @Column({ name: 'heartbeat_at', type: 'timestamptz', nullable: true })
  heartbeatAt!: Date | null;
}
