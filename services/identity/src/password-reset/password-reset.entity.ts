import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedAtColumn } from '@sb/platform/db';

/** One reset request; user_id is null for a number without an account (answered the same way). */
@Entity({ name: 'password_resets' })
export class PasswordReset {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId!: number | null;

  @Column({ name: 'company_id', type: 'integer', nullable: true })
  companyId!: number | null;

  @Column({ name: 'code_salt', type: 'char', length: 32 })
  codeSalt!: string;

  @Column({ name: 'code_hash', type: 'char', length: 64 })
  codeHash!: string;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;

  @Column({ name: 'reset_token_hash', type: 'char', length: 64, nullable: true })
  resetTokenHash!: string | null;

  @Column({ name: 'reset_token_expires_at', type: 'timestamptz', nullable: true })
  resetTokenExpiresAt!: Date | null;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreatedAtColumn()
  createdAt!: Date;
}
