import type { InvoiceStatus } from '@sb/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyIdColumn, CreatedAtColumn } from '@sb/platform/db';

@Entity({ name: 'invoices' })
export class Invoice {
  @PrimaryGeneratedColumn()
  id!: number;

  @CompanyIdColumn()
  companyId!: number;

  @Column({ type: 'varchar', length: 255 })
  detail!: string;

  /** numeric(10,2): a string, exact to the cent */
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  value!: string;

  @Column({ name: 'due_date', type: 'timestamptz' })
  dueDate!: Date;

  @Column({ type: 'varchar', length: 10, default: 'open' })
  status!: InvoiceStatus;

  @CreatedAtColumn()
  createdAt!: Date;
}
