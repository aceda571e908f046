import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One setting of one company; (companyId, key) is unique. */
@Entity({ name: 'company_settings' })
export class CompanySetting {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'company_id', type: 'integer' })
  companyId!: number;

  @Column({ type: 'varchar', length: 100 })
  key!: string;

  @Column({ type: 'text' })
  value!: string;
}
