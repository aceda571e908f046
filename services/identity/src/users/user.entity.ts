import type { Language, UserProfile } from '@sb/contracts';
import { Column, Entity, JoinColumn, ManyToOne } from 'typeorm';
import { CompanyRow } from '@sb/platform/db';
import { Company } from '../companies/company.entity.js';

@Entity({ name: 'users' })
export class User extends CompanyRow {
  @ManyToOne(() => Company, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'company_id' })
  company?: Company;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  /** unique across every company, always stored lower-cased */
  @Column({ type: 'varchar', length: 254, unique: true })
  email!: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 20, default: 'user' })
  profile!: UserProfile;

  @Column({ type: 'boolean', default: false })
  super!: boolean;

  @Column({ name: 'start_work', type: 'varchar', length: 5, default: '00:00' })
  startWork!: string;

  @Column({ name: 'end_work', type: 'varchar', length: 5, default: '23:59' })
  endWork!: string;

  @Column({ name: 'all_ticket', type: 'varchar', length: 10, default: 'disable' })
  allTicket!: 'enable' | 'disable';

  @Column({ name: 'allow_group', type: 'boolean', default: false })
  allowGroup!: boolean;

  @Column({ name: 'default_theme', type: 'varchar', length: 10, default: 'light' })
  defaultTheme!: 'light' | 'dark';

  @Column({ name: 'default_menu', type: 'varchar', length: 10, default: 'open' })
  defaultMenu!: 'open' | 'closed';

  @Column({ type: 'varchar', length: 10, nullable: true })
  language!: Language | null;

  @Column({ name: 'profile_image', type: 'varchar', length: 500, nullable: true })
  profileImage!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  wpp!: string | null;

  /** the user's default connection; connectors owns connections, so no foreign key */
  @Column({ name: 'whatsapp_id', type: 'integer', nullable: true })
  whatsappId!: number | null;

  @Column({ name: 'farewell_message', type: 'text', nullable: true })
  farewellMessage!: string | null;

  @Column({ type: 'boolean', default: false })
  online!: boolean;

  @Column({ name: 'last_seen_at', type: 'timestamptz', nullable: true })
  lastSeenAt!: Date | null;
}
