import { Column, Entity, JoinColumn, ManyToOne } from 'typeorm';
import { TimestampedRow } from '@sb/platform/db';
import { Plan } from '../plans/plan.entity.js';

export const DEFAULT_COMPANY_TIME_ZONE = 'America/Sao_Paulo';

@Entity({ name: 'companies' })
export class Company extends TimestampedRow {
  @Column({ type: 'varchar', length: 120, unique: true })
  name!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  document!: string | null;

  @Column({ type: 'boolean', default: true })
  status!: boolean;

  @Column({ name: 'due_date', type: 'timestamptz', nullable: true })
  dueDate!: Date | null;

  @Column({ type: 'varchar', length: 20, nullable: true })
  recurrence!: string | null;

  @Column({ name: 'payment_method', type: 'varchar', length: 40, nullable: true })
  paymentMethod!: string | null;

  @Column({ name: 'plan_id', type: 'integer' })
  planId!: number;

  @ManyToOne(() => Plan, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'plan_id' })
  plan?: Plan;

  @Column({ type: 'jsonb', default: () => "'[]'::jsonb" })
  schedules!: unknown[];

  @Column({ type: 'varchar', length: 64, default: DEFAULT_COMPANY_TIME_ZONE })
  timezone!: string;

  @Column({ name: 'last_login', type: 'timestamptz', nullable: true })
  lastLogin!: Date | null;
}
