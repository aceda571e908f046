import { Column, Entity } from 'typeorm';
import { TimestampedRow } from '@sb/platform/db';

/** A platform-wide help video (no company): super users write them, every user reads them. */
@Entity({ name: 'helps' })
export class HelpEntry extends TimestampedRow {
  @Column({ type: 'varchar', length: 255 })
  title!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  /** video code (YouTube-style id), never a URL */
  @Column({ type: 'varchar', length: 64, default: '' })
  video!: string;
}
