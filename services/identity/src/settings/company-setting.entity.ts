import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { CompanyIdColumn } from '@sb/platform/db';

/** One setting of one company; (companyId, key) is unique. */
@Entity({ name: 'company_settings' })
export class CompanySetting {
  @PrimaryGeneratedColumn()
  id!: number;

  @CompanyIdColumn()
  companyId!: number;

  @Column({ type: 'varchar', length: 100 })
  key!: string;

  @Column({ type: 'text' })
  value!: string;
}
