import { Column, Entity } from 'typeorm';
import { CompanyRow } from '@sb/platform/db';

/** A tag: kanban 0 for contact tags, 1 for kanban lanes (linked to tickets through ticket_tags). */
@Entity({ name: 'tags' })
export class Tag extends CompanyRow {
  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 7, default: '#A4CCCC' })
  color!: string;

  @Column({ type: 'integer', default: 0 })
  kanban!: number;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId!: number | null;
}
