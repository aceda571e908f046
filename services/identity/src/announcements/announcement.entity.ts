import { Column, Entity } from 'typeorm';
import { TimestampedRow } from '@sb/platform/db';

/** A platform-wide announcement (no company): super users write them, every company reads active ones. */
@Entity({ name: 'announcements' })
export class AnnouncementEntry extends TimestampedRow {
  @Column({ type: 'varchar', length: 255 })
  title!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'smallint', default: 3 })
  priority!: number;

  @Column({ type: 'boolean', default: true })
  status!: boolean;

  @Column({ name: 'media_path', type: 'varchar', length: 500, nullable: true })
  mediaPath!: string | null;

  @Column({ name: 'media_name', type: 'varchar', length: 255, nullable: true })
  mediaName!: string | null;
}
